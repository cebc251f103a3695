import { Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/**
 * Who sees a collection: only its owner, whatever its stored `isPublic` (always true, spec
 * section 6) says; anyone else, signed in or not, gets a 404. The badge said "Public", so members
 * shared links that told the person opening them the collection did not exist (round 25).
 */
export function PrivateBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn("gap-1 bg-card", className)}
      title="Only you can see this collection"
    >
      <Lock className="size-3" aria-hidden />
      Only you
    </Badge>
  );
}
