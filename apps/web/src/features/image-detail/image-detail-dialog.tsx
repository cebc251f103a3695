import * as DialogPrimitive from "@radix-ui/react-dialog";
import {
  DETAIL_STAGE_SIZES,
  EARLY_KEY_ATTRIBUTE,
  HYDRATES_LATER_ATTRIBUTE,
  type Image,
  isAdmin,
  MESSAGES,
  principalOf,
  type User,
} from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { ImageOff, Sparkles, X } from "lucide-react";
import {
  type ComponentProps,
  type CSSProperties,
  createContext,
  Suspense,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { BuyButton } from "@/components/editions/buy-button";
import { GalleryForm } from "@/components/layout/gallery-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogDescription,
  DialogOverlay,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/api/get-current-user";
import { useImage } from "@/lib/api/get-image";
import { isApiRequestError } from "@/lib/api-client";
import { backgroundOf, findOpener } from "@/lib/detail-route";
import { useDocumentTitle } from "@/lib/document-title";
import { canBuy, salesStatus } from "@/lib/edition-status";
import { filtersFromSearch, formatPrice, imageTitle } from "@/lib/images";
import { MAIN_CONTENT_ID } from "@/lib/main-content";
import { retryingLazy } from "@/lib/retrying-lazy";
import { cn } from "@/lib/utils";
import { forgetDeletedImage } from "./api/image-cache";
import { useRecordView } from "./api/record-view";
import { ArtworkFilters, ArtworkStats } from "./components/artwork-facts";
import { CollectionPicker } from "./components/collection-picker";
import { DownloadMenu } from "./components/download-menu";
import { ProTools } from "./components/pro-tools";
import { ReportAction } from "./components/report-action";
import { ShareMenu } from "./components/share-menu";
import { ZoomableArtwork } from "./components/zoomable-artwork";
import { editionLabel, showsPrice } from "./edition-label";

// The invitations load only when someone reaches for a size or feature they do not have.
const ProUpgradeDialog = retryingLazy(
  () => import("@/components/dialogs/pro-upgrade-dialog"),
  (m) => m.ProUpgradeDialog,
);
const SignUpPromptDialog = retryingLazy(
  () => import("@/components/dialogs/sign-up-prompt-dialog"),
  (m) => m.SignUpPromptDialog,
);

// Admins' tools (the edit form brings the form and validation libraries): their code loads for
// admins only, so a visitor's share page does not download it.
const AdminControls = retryingLazy(
  () => import("./components/admin-controls"),
  (m) => m.AdminControls,
);
const EditDetailsForm = retryingLazy(
  () => import("./components/edit-details-form"),
  (m) => m.EditDetailsForm,
);

/** How long a step back in history may take before closing the detail goes to its page instead. */
const STUCK_BACK_MS = 1500;

/**
 * Steps back in history from the detail at `address`, and runs `instead` if the step lands on
 * that address again or comes to nothing within STUCK_BACK_MS. Five browser-test runs in about
 * fifty saw the details still open 5 s after Escape, never in a traced run: a check that the
 * history entry was unchanged did not fire (round 62), nor, in the next CI run, one kept by the
 * dialog that closed (a landing on an entry of the same address without the page under it shows
 * the details in another dialog, over the gallery). This one watches the address itself.
 */
function stepBackFrom(address: string, instead: () => void) {
  let landed = false;
  const onLanding = () => {
    landed = true;
    window.removeEventListener("popstate", onLanding);
    if (window.location.pathname === address) instead();
  };
  window.addEventListener("popstate", onLanding);
  window.history.back();
  window.setTimeout(() => {
    window.removeEventListener("popstate", onLanding);
    if (!landed && window.location.pathname === address) instead();
  }, STUCK_BACK_MS);
}

/**
 * The focus back on the tile of `imageId` once no dialog is left (and a task later, when Radix
 * has returned the focus of those that closed), unless it rests somewhere of its own by then.
 * The router renders in a transition, so "then" is watched for rather than assumed.
 */
function refocusOnceClosed(imageId: number, tries = 40) {
  window.setTimeout(() => {
    if (document.querySelector('[role="dialog"]')) {
      if (tries > 0) refocusOnceClosed(imageId, tries - 1);
      return;
    }
    window.setTimeout(() => {
      const active = document.activeElement;
      if (active === null || active === document.body || active.id === MAIN_CONTENT_ID)
        findOpener(imageId)?.focus({ preventScroll: true });
    });
  }, 50);
}

/** Whether a dialog or menu other than `own` (or one inside it) is open on the page. */
function anotherLayerThan(own: HTMLElement): boolean {
  const layers = document.querySelectorAll(
    ':is([role="dialog"], [role="alertdialog"], [role="menu"]):not([data-state="closed"])',
  );
  return [...layers].some((layer) => layer !== own && !own.contains(layer));
}

type Invitation = { kind: "sign-up"; reason: string } | { kind: "upgrade" };

function Invitations({
  invitation,
  onClose,
}: {
  invitation: Invitation | null;
  onClose: () => void;
}) {
  if (!invitation) return null;
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <Suspense fallback={null}>
      {invitation.kind === "upgrade" ? (
        <ProUpgradeDialog open onOpenChange={onOpenChange} />
      ) : (
        <SignUpPromptDialog open onOpenChange={onOpenChange} reason={invitation.reason} />
      )}
    </Suspense>
  );
}

interface ImageDetailProps {
  image: Image;
  user: User | null | undefined;
  onDeleted: () => void;
}

function ImageDetail({ image, user, onDeleted }: ImageDetailProps) {
  const [editing, setEditing] = useState(false);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const admin = isAdmin(principalOf(user));
  const title = imageTitle(image);
  const description = image.aiAnalysis.description?.trim();
  const prices = image.licencePrices && canBuy(image) ? image.licencePrices : null;
  const price = prices
    ? formatPrice(prices.standard)
    : showsPrice(image)
      ? formatPrice(image.price)
      : null;
  // A limited edition's count is in its label already, unless it has sold out.
  const sales =
    image.editionType === "limited_edition" && canBuy(image) ? null : salesStatus(image);
  // Phones: the image on top at its own shape, at most two thirds of the screen high.
  const stageHeight = {
    "--stage-h": `min(68dvh, ${((image.height / image.width) * 100).toFixed(2)}vw)`,
  } as CSSProperties;

  // When the form goes, give the keyboard back to the button that opened it: after the commit
  // that enables it again (a frame later is not always late enough).
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function leaveEditMode() {
    setEditing(false);
  }

  const askToSignUp = (reason: string) => setInvitation({ kind: "sign-up", reason });
  const askToUpgrade = () => setInvitation({ kind: "upgrade" });

  return (
    <>
      <div
        className="relative h-[var(--stage-h)] min-h-56 shrink-0 bg-stone-950 md:h-full md:min-h-0"
        style={stageHeight}
      >
        <ZoomableArtwork image={image} alt={title} sizes={DETAIL_STAGE_SIZES} />
      </div>

      <div className="flex flex-col gap-7 px-5 pb-10 pt-6 sm:px-7 md:overflow-y-auto md:pb-7 md:pt-7">
        <div className="grid gap-3 md:pr-10">
          <p className="flex flex-wrap items-center gap-2 text-xs font-semibold uppercase tracking-widest text-brand-strong">
            {editionLabel(image)}
            {admin && !image.isPublic && (
              <Badge variant="secondary" className="normal-case tracking-normal">
                Hidden
              </Badge>
            )}
          </p>
          {editing ? (
            <>
              <DetailTitle className="sr-only">{title}</DetailTitle>
              <DialogDescription className="sr-only">Edit the image's details.</DialogDescription>
            </>
          ) : (
            <>
              {/* dir="auto": a title or description written right to left reads right to left. */}
              <DetailTitle
                dir="auto"
                className="font-display text-3xl font-semibold leading-tight tracking-tight text-balance"
              >
                {title}
              </DetailTitle>
              <DialogDescription
                dir="auto"
                className="text-base leading-relaxed text-muted-foreground"
              >
                {description || "No description yet."}
              </DialogDescription>
            </>
          )}
        </div>

        {editing ? (
          <Suspense fallback={null}>
            <EditDetailsForm image={image} onDone={leaveEditMode} />
          </Suspense>
        ) : (
          <>
            {price && (
              <p className="-mt-2 flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="font-display text-2xl font-semibold">{price}</span>
                <span className="text-sm text-muted-foreground">
                  {prices
                    ? `Standard licence · ${formatPrice(prices.commercial)} Commercial`
                    : image.editionType === "one_of_one"
                      ? "one of a kind"
                      : "per print"}
                </span>
              </p>
            )}
            {sales && (
              <p data-testid="sales-status" className="-mt-3 text-sm font-medium">
                {sales}
              </p>
            )}
            {image.ownedLicence && (
              <p className="-mt-3 text-sm text-muted-foreground">
                You own this piece ({image.ownedLicence} licence): every size is yours to download.
              </p>
            )}
            <div className="grid gap-2.5">
              <BuyButton image={image} user={user} className="w-full" />
              <div className="flex flex-wrap gap-2.5">
                <DownloadMenu
                  image={image}
                  user={user}
                  onNeedAccount={() => askToSignUp("to download the Basic size")}
                  onNeedPro={askToUpgrade}
                />
                <ShareMenu image={image} />
              </div>
              <CollectionPicker
                imageId={image.id}
                user={user}
                onNeedAccount={() => askToSignUp("to add images to collections")}
              />
              {/* Only once the session is known to be a visitor's: no flash for members. */}
              {user === null && (
                <button
                  type="button"
                  onClick={askToUpgrade}
                  className="mt-1 inline-flex items-center justify-center gap-1.5 self-center text-sm font-medium text-brand-strong underline-offset-4 hover:underline"
                >
                  <Sparkles className="size-4" aria-hidden />
                  {MESSAGES.imageDetail.signUpForHd}
                </button>
              )}
            </div>
            <ArtworkFilters image={image} />
            <ProTools image={image} user={user} onNeedPro={askToUpgrade} />
          </>
        )}

        <ArtworkStats image={image} />

        {user && !admin && !editing && <ReportAction imageId={image.id} imageTitle={title} />}

        {admin && (
          <Suspense fallback={null}>
            <AdminControls
              image={image}
              editing={editing}
              onEdit={() => setEditing(true)}
              onDeleted={onDeleted}
              editButtonRef={editButton}
            />
          </Suspense>
        )}
      </div>

      <Invitations invitation={invitation} onClose={() => setInvitation(null)} />
    </>
  );
}

/**
 * The id of the dialog's title. Radix names a dialog after its title only once the title's effect
 * has run, so the server's HTML of a share page (/image/{id}) held a dialog with no name until the
 * app took it over, and forever without JavaScript: the id is given here, the same in both.
 */
const TitleId = createContext<string | undefined>(undefined);

function DetailTitle(props: ComponentProps<typeof DialogTitle>) {
  return <DialogTitle id={useContext(TitleId)} {...props} />;
}

function DetailSkeleton() {
  return (
    <>
      <div className="h-[60dvh] shrink-0 animate-pulse bg-stone-900 md:h-full motion-reduce:animate-none" />
      <div role="status" className="grid content-start gap-4 p-7">
        <DetailTitle className="sr-only">Loading artwork</DetailTitle>
        <DialogDescription className="sr-only">The image's details are loading.</DialogDescription>
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-9 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-4 h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    </>
  );
}

function DetailProblem({
  error,
  onRetry,
  onClose,
  closeLabel,
}: {
  error: Error;
  onRetry: () => void;
  onClose: () => void;
  closeLabel: string;
}) {
  const missing = isApiRequestError(error) && (error.status === 404 || error.status === 403);
  const heading = missing ? MESSAGES.imageDetail.unavailable : MESSAGES.imageDetail.fetchOneFailed;
  // The tab names what is shown, not the page under the dialog (round 31).
  useDocumentTitle(heading);
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 p-8 text-center md:col-span-2 md:min-h-0">
      <span className="grid size-14 place-items-center rounded-full bg-muted">
        <ImageOff className="size-6 text-muted-foreground" aria-hidden />
      </span>
      <DetailTitle className="font-display text-2xl font-semibold">{heading}</DetailTitle>
      <DialogDescription className="max-w-sm text-muted-foreground">
        {missing ? MESSAGES.imageDetail.unavailableText : error.message}
      </DialogDescription>
      <div className="mt-2 flex gap-2">
        {!missing && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Button onClick={onClose}>{closeLabel}</Button>
      </div>
    </div>
  );
}

/**
 * The image detail at /image/:imageId (the share link), over the page it was opened from, or over
 * the gallery when the link came from outside. Closing returns to that page as it was, and the
 * keyboard to the tile that opened it; following a tag, style or colour leaves for the filtered
 * gallery.
 */
export function ImageDetailDialog({ imageId }: { imageId: number }) {
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const query = useImage(imageId);
  const deleted = useRef(false);
  const content = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // What had the focus as the dialog opened: the tile's link, usually.
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : document.activeElement,
  );
  const fromPage = backgroundOf(state) !== undefined;
  useRecordView(imageId);
  useDocumentTitle(query.data ? imageTitle(query.data) : undefined);
  // Another piece opened from inside ("More like this"): start it at its top. Not when the dialog
  // opens (it opens at its top): scrolling makes the browser lay the page out there and then.
  const shownImage = useRef(imageId);
  useEffect(() => {
    if (shownImage.current === imageId) return;
    shownImage.current = imageId;
    content.current?.scrollTo?.({ top: 0 });
  }, [imageId]);

  // A deleted image is forgotten only once the dialog has gone, so it never flashes a 404.
  useEffect(
    () => () => {
      if (deleted.current) forgetDeletedImage(queryClient, imageId);
    },
    [queryClient, imageId],
  );

  // Opened from a page: back to it in history, so Back does not open the image again.
  const close = () => {
    const background = backgroundOf(state);
    if (!background) return navigate(`${paths.gallery.getHref()}${search}`);
    stepBackFrom(paths.image.getHref(imageId), () => {
      navigate(background, { replace: true, state: background.state });
      // The router may have shown the entry it landed on as a page of its own first, and that
      // page's start took the focus to its main region: the tile takes it back.
      refocusOnceClosed(imageId);
    });
  };

  // Radix hears Escape on the document only once it has worked out, renders after the dialog
  // showed, that this is its newest layer; until then (and before the dialog takes the focus) an
  // Escape was lost (round 53: 1 press in 12 as the dialog appeared). Listened for here from the
  // first paint, after Radix in the key's path: a layer above that took the key (a menu, another
  // dialog, a toast, Radix itself, the zoomed artwork) has marked it handled. Only a key pressed
  // in this dialog or with the focus nowhere (the page's body) is this dialog's, and only while
  // no other dialog or menu is open: one just opened above it (the upgrade offer) may not listen
  // yet, and the key is its to close.
  const closeOnEscape = useRef(close);
  closeOnEscape.current = close;
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const own = content.current;
      const target = event.target;
      const here = target === document.body || (target instanceof Node && own?.contains(target));
      if (!here || !own || anotherLayerThan(own)) return;
      event.preventDefault();
      closeOnEscape.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // Radix returns the focus to a Dialog.Trigger, which this dialog (a route) has none of.
  function returnFocus(event: Event) {
    event.preventDefault();
    // The tile itself may have been drawn anew meanwhile: then the one that shows this image. A
    // share link opened from outside had no tile, and a tag, style or colour chosen here shows
    // other tiles: the page's main region, rather than nowhere.
    const target =
      opener instanceof HTMLElement && opener.isConnected && opener !== document.body
        ? opener
        : ((fromPage ? findOpener(imageId) : null) ?? document.getElementById("main-content"));
    target?.focus({ preventScroll: true });
  }

  return (
    // In place rather than in a portal: a portal renders nothing on the server, and the share
    // link's page (/image/{id}) comes with its artwork rendered.
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogOverlay className="bg-stone-950/75 backdrop-blur-sm" />
      <DialogPrimitive.Content
        ref={content}
        aria-labelledby={titleId}
        // A button tapped on the share page before this code has come is pressed once it has
        // (early-click); marked here, not around the route, to keep it out of the first JavaScript.
        {...{ [HYDRATES_LATER_ATTRIBUTE]: "" }}
        // Focus the dialog itself: a screen reader reads its title first, and no button wears
        // a focus ring before anyone has pressed a key. Tab then starts at the artwork.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.focus();
        }}
        onCloseAutoFocus={returnFocus}
        // A layer opened above this one (the upgrade offer) shows a moment before Radix counts it
        // as the newest and gives it the key: an Escape then is not this dialog's to close, and
        // closing it would take the offer too (1 run in 3 in session 62's browser test).
        onEscapeKeyDown={(event) => {
          if (content.current && anotherLayerThan(content.current)) event.preventDefault();
        }}
        className={cn(
          "fixed inset-0 z-50 flex flex-col overflow-y-auto bg-card outline-none",
          "md:inset-auto md:left-1/2 md:top-1/2 md:grid md:h-[min(92dvh,58rem)] md:w-[calc(100%-3rem)]",
          "md:max-w-6xl md:-translate-x-1/2 md:-translate-y-1/2 md:grid-cols-[minmax(0,1fr)_26rem]",
          "md:overflow-hidden md:rounded-2xl md:shadow-2xl",
        )}
      >
        <TitleId.Provider value={titleId}>
          {query.isPending ? (
            <DetailSkeleton />
          ) : query.isError ? (
            <DetailProblem
              error={query.error}
              onRetry={() => void query.refetch()}
              onClose={close}
              closeLabel={fromPage ? "Close" : "Back to gallery"}
            />
          ) : (
            <ImageDetail
              key={query.data.id}
              image={query.data}
              user={user}
              onDeleted={() => {
                deleted.current = true;
                close();
              }}
            />
          )}
        </TitleId.Provider>
        {/* Without JavaScript, it asks for the gallery under the dialog (a share link's page). */}
        <GalleryForm filters={filtersFromSearch(new URLSearchParams(search))}>
          <DialogClose
            type="submit"
            aria-label="Close"
            // Escape pressed before the app runs is kept as a click on this button (early-click.ts).
            {...{ [EARLY_KEY_ATTRIBUTE]: "escape" }}
            className="fixed right-3 top-3 z-20 grid size-10 place-items-center rounded-full bg-card/90 text-foreground shadow-md backdrop-blur transition-colors hover:bg-card md:right-4 md:top-4"
          >
            <X className="size-5" aria-hidden />
          </DialogClose>
        </GalleryForm>
      </DialogPrimitive.Content>
    </Dialog>
  );
}
