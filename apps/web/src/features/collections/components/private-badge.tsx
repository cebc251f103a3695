import { Globe, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** Public or Private, in words and an icon (never colour alone). */
export function VisibilityBadge({
  isPublic,
  className,
}: {
  isPublic: boolean;
  className?: string;
}) {
  const Icon = isPublic ? Globe : Lock;
  return (
    <Badge
      variant={isPublic ? "secondary" : "outline"}
      className={cn("gap-1", !isPublic && "bg-card", className)}
    >
      <Icon className="size-3" aria-hidden />
      {isPublic ? "Public" : "Private"}
    </Badge>
  );
}
