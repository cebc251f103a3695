import { Link } from "react-router";
import { cn } from "@/lib/utils";

interface BrandMarkProps {
  to: string;
  className?: string;
  /** Lets a crowded header hide the word (it stays the link's accessible name). */
  wordClassName?: string;
}

/** The Sawdust logo and wordmark, a link to the home page. */
export function BrandMark({ to, className, wordClassName }: BrandMarkProps) {
  return (
    <Link
      to={to}
      className={cn(
        "inline-flex items-center gap-2 rounded-md font-display text-xl font-semibold tracking-tight",
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden>
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
      <span className={wordClassName}>Sawdust</span>
    </Link>
  );
}
