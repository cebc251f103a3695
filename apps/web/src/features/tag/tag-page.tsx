import { useParams } from "react-router";
import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function TagPage() {
  const { tag = "" } = useParams();
  return <ScreenPlaceholder title={`#${tag}`} />;
}
