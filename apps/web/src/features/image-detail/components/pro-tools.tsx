import { hasProAccess, type Image, isMember, principalOf, type User } from "@sawdust/shared";
import { Check, ClipboardCopy, LockKeyhole, Sparkles } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { imageTitle } from "@/lib/images";
import { cn } from "@/lib/utils";
import { useSimilarImages } from "../api/get-similar-images";
import { generationDetailsOf } from "../generation-fields";

/** Prompts longer than this start folded to a few lines. */
const LONG_PROMPT_CHARS = 280;
const COPIED_MS = 2000;

function ToolGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2.5">
      <h3
        id={id}
        className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-widest text-muted-foreground"
      >
        {title}
        <span className="rounded-full bg-brand/10 px-1.5 py-0.5 text-[0.7rem] leading-none tracking-wider text-brand-strong">
          PRO
        </span>
      </h3>
      {children}
    </section>
  );
}

function PromptText({ label, text }: { label: string; text: string }) {
  const long = text.length > LONG_PROMPT_CHARS;
  const [open, setOpen] = useState(!long);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  function copy() {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => undefined,
    );
  }

  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">{label}</p>
        <button
          type="button"
          onClick={copy}
          // 24 px high, the least a finger's target may be (WCAG 2.5.8): taller would push the prompt down.
          className="inline-flex items-center gap-1 rounded px-1.5 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          {copied ? (
            <Check className="size-3.5" aria-hidden />
          ) : (
            <ClipboardCopy className="size-3.5" aria-hidden />
          )}
          {copied ? "Copied" : "Copy"}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
      <p
        className={cn(
          "rounded-lg bg-muted px-3 py-2.5 font-mono text-xs leading-relaxed wrap-anywhere whitespace-pre-line",
          !open && "line-clamp-3",
        )}
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          className="w-fit text-xs font-medium text-brand-strong underline-offset-4 hover:underline"
        >
          {open ? "Show less" : "Show all"}
        </button>
      )}
    </div>
  );
}

function GenerationDetailsSection({ image }: { image: Image }) {
  const details = generationDetailsOf(image.aiAnalysis.generation);
  return (
    <ToolGroup title="Generation details">
      {details ? (
        <div className="grid gap-3" data-testid="generation-details">
          {details.prompt && <PromptText label="Prompt" text={details.prompt} />}
          {details.negativePrompt && (
            <PromptText label="Negative prompt" text={details.negativePrompt} />
          )}
          {details.settings.length > 0 && (
            <dl className="divide-y rounded-xl border text-sm">
              {details.settings.map((field) => (
                <div
                  key={field.key}
                  className="flex items-baseline justify-between gap-4 px-3 py-2"
                >
                  <dt className="shrink-0 text-muted-foreground">{field.label}</dt>
                  <dd className="min-w-0 wrap-anywhere text-right font-medium tabular-nums">
                    {field.value}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="generation-details">
          This file carried no prompt or settings.
        </p>
      )}
    </ToolGroup>
  );
}

function MoreLikeThis({ imageId }: { imageId: number }) {
  const similar = useSimilarImages(imageId, true);
  const location = useLocation();
  const images = similar.data?.filter((image) => image.id !== imageId) ?? [];
  if (similar.isError) return null;
  return (
    <ToolGroup title="More like this">
      {similar.isPending ? (
        <div role="status" aria-label="Loading similar artwork" className="grid grid-cols-4 gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="aspect-square rounded-lg" />
          ))}
        </div>
      ) : images.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing close enough yet.</p>
      ) : (
        <ul className="grid grid-cols-4 gap-2" data-testid="more-like-this">
          {images.map((image) => (
            <li key={image.id}>
              {/* Over the same page as this one; Back then closes rather than retracing. */}
              <Link
                to={paths.image.getHref(image.id)}
                state={location.state}
                replace
                className="group block overflow-hidden rounded-lg bg-muted"
              >
                <ArtImage
                  image={image}
                  alt={imageTitle(image)}
                  sizes="6rem"
                  className="aspect-square w-full object-cover transition-transform group-hover:scale-105 motion-reduce:transition-none"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ToolGroup>
  );
}

function LockedTeaser({ onUnlock }: { onUnlock: () => void }) {
  return (
    <section
      aria-labelledby="pro-tools-teaser"
      data-testid="pro-tools-teaser"
      className="grid gap-2 rounded-xl border border-dashed border-brand/40 bg-brand/5 p-4"
    >
      <h3 id="pro-tools-teaser" className="flex items-center gap-2 text-sm font-semibold">
        <LockKeyhole className="size-4 text-brand-strong" aria-hidden />
        Generation details and more like this
      </h3>
      <p className="text-sm text-muted-foreground">
        See the prompt, model and settings behind this piece, and artwork close to it, with Pro.
      </p>
      <Button variant="outline" size="sm" className="w-fit" onClick={onUnlock}>
        <Sparkles aria-hidden />
        Unlock with Pro
      </Button>
    </section>
  );
}

/**
 * Pro's "advanced AI tools" in the detail: the generation details the file carried and a row of
 * similar artwork for Pro members and admins; a short locked teaser for free members; nothing for
 * visitors (spec section 6 keeps upgrade prompts away from them here).
 */
export function ProTools({
  image,
  user,
  onNeedPro,
}: {
  image: Image;
  user: User | null | undefined;
  onNeedPro: () => void;
}) {
  const principal = principalOf(user);
  if (!isMember(principal)) return null;
  if (!hasProAccess(principal)) return <LockedTeaser onUnlock={onNeedPro} />;
  return (
    <>
      <GenerationDetailsSection image={image} />
      <MoreLikeThis imageId={image.id} />
    </>
  );
}
