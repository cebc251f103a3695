import { MESSAGES, type StatusLevel, type SystemCheck, type SystemCheckId } from "@sawdust/shared";
import { CircleCheckBig, CircleX, type LucideIcon, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

const LOOK: Record<StatusLevel, { icon: LucideIcon; tone: string; badge: string }> = {
  ok: {
    icon: CircleCheckBig,
    tone: "text-emerald-700",
    badge: "border-transparent bg-emerald-100 text-emerald-800",
  },
  warning: {
    icon: TriangleAlert,
    tone: "text-amber-800",
    badge: "border-amber-200 bg-amber-50 text-amber-900",
  },
  down: {
    icon: CircleX,
    tone: "text-destructive",
    badge: "border-destructive/30 bg-destructive/5 text-destructive",
  },
};

/**
 * The system status: each part with an icon and a word for its level (never colour alone), a
 * few words on it, the sentence the server wrote about it, and what an admin can do about it.
 */
export function SystemStatusList({
  checks,
  actions = {},
}: {
  checks: SystemCheck[];
  actions?: Partial<Record<SystemCheckId, ReactNode>>;
}) {
  return (
    <ul className="divide-y rounded-xl border bg-card shadow-sm" data-testid="system-status">
      {checks.map((check) => {
        const { icon: Icon, tone, badge } = LOOK[check.level];
        return (
          <li
            key={check.id}
            data-testid={`status-${check.id}`}
            data-level={check.level}
            className="flex gap-3 p-4 sm:gap-4 sm:p-5"
          >
            <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", tone)} />
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 className="font-semibold">{check.label}</h3>
                <span
                  className={cn(
                    "rounded-full border px-2 py-0.5 text-xs font-semibold tracking-wide",
                    badge,
                  )}
                >
                  {MESSAGES.adminStats.levels[check.level]}
                </span>
                <span className="text-sm text-muted-foreground">{check.summary}</span>
              </div>
              <p className="text-sm wrap-anywhere text-muted-foreground">{check.detail}</p>
              {actions[check.id]}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
