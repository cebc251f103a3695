import { type Image, MESSAGES, UI } from "@sawdust/shared";
import { Check, Link2, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { paths } from "@/app/paths";
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
import { imageTitle } from "@/lib/images";
import { SHARE_TARGETS, type ShareTarget } from "../share-links";

/** Small brand marks: lucide has no logos, and a letter on the network's colour reads at once. */
const MARKS: Record<ShareTarget["id"], { text: string; className: string }> = {
  x: { text: "𝕏", className: "bg-black text-white" },
  facebook: { text: "f", className: "bg-[#1877f2] text-white font-bold" },
  pinterest: { text: "P", className: "bg-[#e60023] text-white font-bold" },
  linkedin: { text: "in", className: "bg-[#0a66c2] text-white font-bold" },
  reddit: { text: "r", className: "bg-[#ff4500] text-white font-bold" },
};

function showLinkInstead(title: string, link: string): void {
  toast({ title, description: MESSAGES.imageDetail.shareLinkText(link) });
}

/**
 * Opens the network's share page in a 600×400 pop-up. `noopener` in the features string would
 * make window.open answer null even on success, hiding a blocked pop-up; so the pop-up is opened
 * plainly and its opener cut at once, which gives the same protection.
 */
function openSharePopup(url: string): boolean {
  try {
    const { width, height } = UI.sharePopup;
    const popup = window.open(url, "_blank", `width=${width},height=${height}`);
    if (!popup) return false;
    popup.opener = null;
    return true;
  } catch {
    return false;
  }
}

/** The share menu: five networks and Copy link, all pointing at the image's canonical page. */
export function ShareMenu({ image }: { image: Image }) {
  const [copied, setCopied] = useState(false);
  const revert = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(revert.current), []);

  const title = imageTitle(image);
  // Worked out when asked for: the page is also rendered on the server, which has no window.
  const linkOf = () => `${window.location.origin}${paths.image.getHref(image.id)}`;

  async function copyLink() {
    const link = linkOf();
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      clearTimeout(revert.current);
      revert.current = setTimeout(() => setCopied(false), UI.copiedLabelMs);
      toast({ title: MESSAGES.imageDetail.linkCopied, description: link });
    } catch {
      showLinkInstead(MESSAGES.imageDetail.copyFailed, link);
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="lg">
          <Share2 aria-hidden />
          Share
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>Share this artwork</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {SHARE_TARGETS.map((target) => (
          <DropdownMenuItem
            key={target.id}
            onSelect={() => {
              const link = linkOf();
              const imageUrl = new URL(image.urlLarge || image.urlMedium, link).toString();
              if (!openSharePopup(target.href({ link, title, imageUrl }))) {
                showLinkInstead(MESSAGES.imageDetail.shareFailed, link);
              }
            }}
          >
            <span
              aria-hidden
              className={`grid size-6 shrink-0 place-items-center rounded-md text-xs leading-none ${MARKS[target.id].className}`}
            >
              {MARKS[target.id].text}
            </span>
            {target.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={(event) => {
            // Stay open, so the 'Copied' confirmation is seen where it was asked for.
            event.preventDefault();
            void copyLink();
          }}
        >
          {copied ? <Check aria-hidden className="text-emerald-700!" /> : <Link2 aria-hidden />}
          {copied ? MESSAGES.imageDetail.copied : MESSAGES.imageDetail.copyLink}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
