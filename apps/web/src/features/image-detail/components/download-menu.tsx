import {
  DOWNLOAD_SIZES,
  type DownloadSize,
  fitInside,
  groupDigits,
  type Image,
  MESSAGES,
  type User,
} from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Download, LoaderCircle, Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/hooks/use-toast";
import { imageQueryOptions } from "@/lib/api/get-image";
import { isApiRequestError } from "@/lib/api-client";
import { imageTitle } from "@/lib/images";
import { downloadImage } from "../api/download-image";
import { DOWNLOAD_SIZE_ORDER, downloadAction } from "../download-access";

/**
 * The file's pixels: the picture fitted into the size's box (a landscape piece's Basic is
 * 1536 × 768, not the box's 1536 × 1920), "up to" because a file kept under its size's byte cap
 * can come out smaller still.
 */
const dimensions = (image: Pick<Image, "width" | "height">, size: DownloadSize) => {
  const box = DOWNLOAD_SIZES[size];
  const fitted =
    image.width > 0 && image.height > 0 ? fitInside(image.width, image.height, box) : box;
  return `up to ${groupDigits(fitted.width)} × ${groupDigits(fitted.height)}`;
};

export interface DownloadMenuProps {
  image: Image;
  user: User | null | undefined;
  /** A visitor asked for a members' size. */
  onNeedAccount: () => void;
  /** Someone without Pro asked for a Pro size. */
  onNeedPro: () => void;
}

/**
 * The download sizes with their pixel boxes. A size the viewer may not have shows a lock and
 * opens the matching invitation instead; the rest download through the API under the server's
 * file name.
 */
export function DownloadMenu({ image, user, onNeedAccount, onNeedPro }: DownloadMenuProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<DownloadSize | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasPending = useRef(false);
  // The button is disabled while a download runs, so the closing menu could not give it the
  // focus back and the keyboard was left on the dialog: once it is enabled again, it takes it.
  useEffect(() => {
    const finished = wasPending.current && pending === null;
    wasPending.current = pending !== null;
    if (!finished) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.getAttribute("role") === "dialog") {
      trigger.current?.focus();
    }
  }, [pending]);

  async function download(size: DownloadSize) {
    setPending(size);
    toast({
      title: MESSAGES.imageDetail.downloadStarted,
      description: `${DOWNLOAD_SIZES[size].label} · ${dimensions(image, size)} px`,
    });
    try {
      await downloadImage({ id: image.id, title: imageTitle(image) }, size);
      // The download counts have changed.
      void queryClient.invalidateQueries({ queryKey: imageQueryOptions(image.id).queryKey });
    } catch (error) {
      toast({
        title: MESSAGES.imageDetail.downloadFailed,
        description:
          isApiRequestError(error) && error.body
            ? error.body
            : MESSAGES.imageDetail.downloadFailedFallback,
        variant: "destructive",
      });
    } finally {
      setPending(null);
    }
  }

  // An owner of the piece (a bought edition) downloads every size, whatever their tier.
  const owned = Boolean(image.ownedLicence);

  function choose(size: DownloadSize) {
    const action = owned ? "download" : downloadAction(size, user);
    if (action === "sign-up") onNeedAccount();
    else if (action === "upgrade") onNeedPro();
    else void download(size);
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* With large text on a phone the icons and the word wrap onto lines of their own and the
            button grows taller, instead of pushing the dialog wider than the screen. */}
        <Button
          ref={trigger}
          variant="brand"
          size="lg"
          className="h-auto flex-1 flex-wrap px-4 py-2.5 sm:px-6"
          disabled={pending !== null}
        >
          {pending ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <Download aria-hidden />
          )}
          {pending ? "Downloading..." : "Download"}
          <ChevronDown className="ml-auto opacity-80" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        <DropdownMenuLabel>Download size</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {DOWNLOAD_SIZE_ORDER.map((size) => {
          const locked = !owned && downloadAction(size, user) !== "download";
          const needs = DOWNLOAD_SIZES[size].access === "member" ? "Members" : "Pro";
          return (
            <DropdownMenuItem
              key={size}
              onSelect={() => choose(size)}
              className="justify-between py-2.5"
            >
              <span className="flex flex-col">
                <span className="font-medium text-foreground">{DOWNLOAD_SIZES[size].label}</span>
                <span className="text-xs text-muted-foreground">{dimensions(image, size)} px</span>
              </span>
              {locked ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                  <Lock className="size-3!" aria-hidden />
                  {needs}
                </span>
              ) : (
                <Download aria-hidden />
              )}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
