import { Link } from "react-router";
import { useSite } from "@/lib/api/get-site";
import { cn } from "@/lib/utils";

interface BrandMarkProps {
  to: string;
  className?: string;
  /** Lets a crowded header hide the word (it stays the link's accessible name). */
  wordClassName?: string;
}

/** The logo and the site's name (an admin's setting; "Sawdust" by default), a link home. */
export function BrandMark({ to, className, wordClassName }: BrandMarkProps) {
  const { siteName } = useSite().site;
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex min-w-0 items-center gap-2 rounded-md font-display text-xl font-semibold tracking-tight",
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M8 22c4-1 6-5 8-9s5-6 8-5"
          fill="none"
          stroke="#e8a44a"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <circle cx="10" cy="10" r="2.5" fill="#f5efe6" />
      </svg>
      <span className={cn("min-w-0 max-w-[16ch] truncate", wordClassName)}>{siteName}</span>
    </Link>
  );
}
