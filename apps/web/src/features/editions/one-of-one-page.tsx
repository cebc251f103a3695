import { EDITION_LABELS } from "@sawdust/shared";
import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function OneOfOnePage() {
  return <ScreenPlaceholder title={EDITION_LABELS.one_of_one} />;
}
