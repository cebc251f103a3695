import type { Clock } from "../../lib/clock.js";
import { parseObject } from "./images.presenter.js";
import type { ImagesRepo } from "./images.repo.js";

/**
 * The analysis job. For now it records what the image's geometry says (dimensions, orientation,
 * aspect ratio); the analysers of colour, tags, style and generation metadata plug in here.
 */
export class AnalysisService {
  constructor(private readonly deps: { images: ImagesRepo; clock: Clock }) {}

  async analyze(imageId: number): Promise<void> {
    const row = await this.deps.images.findReadyById(imageId);
    if (!row) return; // Deleted since it was queued: nothing to do.
    const analysis = parseObject(row.ai_analysis);
    const orientation =
      row.width > row.height ? "landscape" : row.width < row.height ? "portrait" : "square";
    await this.deps.images.update(
      imageId,
      {
        ai_analysis: JSON.stringify({
          ...analysis,
          dimensions: { width: row.width, height: row.height },
          orientation,
          aspectRatio: Number((row.width / row.height).toFixed(4)),
        }),
        analysis_status: "done",
      },
      {},
      this.deps.clock.now(),
    );
  }
}
