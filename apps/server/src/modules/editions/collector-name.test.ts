import { describe, expect, it } from "vitest";
import { collectorName } from "./collector-name.js";

describe("collectorName", () => {
  it("shows the username beside any display name, so no name passes for another member", () => {
    expect(collectorName("Ada Collector", "ada")).toBe("Ada Collector (@ada)");
    expect(collectorName("@admin", "admin.")).toBe("@admin (@admin.)");
    expect(collectorName(null, "ada")).toBe("@ada");
    expect(collectorName("  ", "ada")).toBe("@ada");
  });

  it("drops format characters that would reverse or hide what follows", () => {
    expect(collectorName("\u202enimda@", "eve")).toBe("nimda@ (@eve)");
    expect(collectorName("\u200b\u200b", "eve")).toBe("@eve");
  });
});
