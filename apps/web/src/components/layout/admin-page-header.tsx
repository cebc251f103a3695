import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { useDocumentTitle } from "@/lib/document-title";

interface AdminPageHeaderProps {
  title: string;
  /** A line under the title: what the page is for, or a figure (a total). */
  description?: ReactNode;
  /** Buttons at the header's end (wraps under the title on a phone). */
  actions?: ReactNode;
}

/**
 * The head of every admin console page: the "Administration" eyebrow (a link back to the admin
 * dashboard), the page's title (also the document's) and its actions.
 */
export function AdminPageHeader({ title, description, actions }: AdminPageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="flex flex-wrap items-end justify-between gap-4 border-b pb-6">
      <div className="min-w-0">
        <Link
          to={paths.admin.dashboard.getHref()}
          className="text-xs font-semibold tracking-widest text-brand-strong uppercase hover:underline"
        >
          Administration
        </Link>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
          {title}
        </h1>
        {description && <div className="mt-2 text-sm text-muted-foreground">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

/** The admin console's page frame: the width and padding every admin page shares. */
export function AdminPageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>;
}
