import { type Image, UI } from "@sawdust/shared";
import { ZoomIn, ZoomOut } from "lucide-react";
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
} from "react";
import { ArtImage } from "@/components/artwork/art-image";
import { cn } from "@/lib/utils";

interface Point {
  x: number;
  y: number;
}

const CENTRE: Point = { x: 50, y: 50 };
/** A press that travels further than this is a pan, not a tap. */
const DRAG_THRESHOLD_PX = 6;
/** How far one arrow key moves the zoomed view, in percent of the image. */
const KEY_STEP = 10;
/**
 * A second tap of a finger this soon after the last is the same gesture (a double tap, a phone's
 * own way to zoom): the first tap's zoom stays rather than being taken straight back.
 */
const DOUBLE_TAP_MS = 400;

const clamp = (value: number) => Math.min(100, Math.max(0, value));

function pointIn(element: HTMLElement, clientX: number, clientY: number): Point {
  const box = element.getBoundingClientRect();
  return {
    x: clamp(((clientX - box.left) / box.width) * 100),
    y: clamp(((clientY - box.top) / box.height) * 100),
  };
}

/**
 * The origin that keeps the picture, magnified UI.zoom times, under a finger that has moved by
 * `by` pixels since it went down at `from`: a point at p shows at o + zoom·(p − o), so moving the
 * picture by d moves the origin by −d / (zoom − 1). It stops at the picture's edges.
 */
function dragged(element: HTMLElement, from: Point, by: Point): Point {
  const box = element.getBoundingClientRect();
  const travel = UI.zoom - 1;
  return {
    x: clamp(from.x - (by.x / (box.width * travel)) * 100),
    y: clamp(from.y - (by.y / (box.height * travel)) * 100),
  };
}

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -KEY_STEP, y: 0 },
  ArrowRight: { x: KEY_STEP, y: 0 },
  ArrowUp: { x: 0, y: -KEY_STEP },
  ArrowDown: { x: 0, y: KEY_STEP },
};

export interface ZoomableArtworkProps {
  image: Image;
  alt: string;
  /** How wide the artwork shows at each viewport width (the dialog's stage). */
  sizes: string;
}

/**
 * The artwork at 2.5× on a click, tap, Enter or Space, magnified around the point under the
 * pointer; moving the pointer (or dragging a finger, or the arrow keys) pans while zoomed. Pro and
 * admin viewers get the XLarge rendition layered on top once zoomed, so the detail is real.
 */
export function ZoomableArtwork({ image, alt, sizes }: ZoomableArtworkProps) {
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState<Point>(CENTRE);
  const [xlargeWanted, setXlargeWanted] = useState(false);
  const [xlargeLoaded, setXlargeLoaded] = useState(false);
  /** Where the press went down, and for a finger or pen the view's origin at that moment. */
  const press = useRef<{ at: Point; origin: Point } | null>(null);
  const panned = useRef(false);
  const pointer = useRef<string>("mouse");
  const lastTap = useRef(0);

  const button = useRef<HTMLButtonElement>(null);

  // Escape while zoomed zooms out, and only that. The dialog hears Escape on the document first
  // (Radix, in the capture phase), so the window, which the key reaches before it, is asked here.
  // A layer open above the artwork (a menu, another dialog) is closed by Escape first.
  useEffect(() => {
    if (!zoomed) return;
    const zoomOutOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const focus = document.activeElement;
      const ownDialog = button.current?.closest('[role="dialog"]');
      if (
        focus?.closest('[role="menu"], [role="listbox"]') ||
        (focus?.closest('[role="dialog"], [role="alertdialog"]') ?? ownDialog) !== ownDialog
      ) {
        return;
      }
      event.stopPropagation();
      event.preventDefault();
      setZoomed(false);
    };
    window.addEventListener("keydown", zoomOutOnEscape, { capture: true });
    return () => window.removeEventListener("keydown", zoomOutOnEscape, { capture: true });
  }, [zoomed]);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    // A second finger neither restarts the drag nor takes it over.
    if (!event.isPrimary) return;
    press.current = { at: { x: event.clientX, y: event.clientY }, origin };
    panned.current = false;
    pointer.current = event.pointerType;
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!zoomed || !event.isPrimary) return;
    const start = press.current;
    if (
      start &&
      Math.hypot(event.clientX - start.at.x, event.clientY - start.at.y) > DRAG_THRESHOLD_PX
    ) {
      panned.current = true;
    }
    // A mouse pans by hovering, the view magnifying whatever is under it.
    if (event.pointerType === "mouse") {
      setOrigin(pointIn(event.currentTarget, event.clientX, event.clientY));
      return;
    }
    // A finger or pen, only while pressed, drags the picture along with it, from where it was
    // when the finger went down: moving the origin one way slides the picture the other way.
    if (!start) return;
    setOrigin(
      dragged(event.currentTarget, start.origin, {
        x: event.clientX - start.at.x,
        y: event.clientY - start.at.y,
      }),
    );
  };

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    press.current = null;
    if (panned.current) {
      panned.current = false;
      return;
    }
    if (event.detail !== 0 && pointer.current === "touch") {
      const now = event.timeStamp;
      const second = now - lastTap.current < DOUBLE_TAP_MS;
      lastTap.current = second ? 0 : now;
      if (second) return;
    }
    // detail is 0 for Enter and Space: zoom into the middle.
    setOrigin(
      event.detail === 0 ? CENTRE : pointIn(event.currentTarget, event.clientX, event.clientY),
    );
    setZoomed((was) => !was);
    if (image.urlXLarge) setXlargeWanted(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = ARROWS[event.key];
    if (!zoomed || !step) return;
    event.preventDefault();
    setOrigin((at) => ({ x: clamp(at.x + step.x), y: clamp(at.y + step.y) }));
  };

  return (
    <button
      ref={button}
      type="button"
      aria-label="Zoom"
      aria-pressed={zoomed}
      data-zoomed={zoomed}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        press.current = null;
      }}
      onPointerCancel={() => {
        press.current = null;
        panned.current = false;
      }}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={cn(
        "group relative block h-full w-full overflow-hidden focus-visible:outline-none",
        zoomed ? "cursor-zoom-out touch-none" : "cursor-zoom-in touch-manipulation",
      )}
    >
      <div
        data-testid="zoom-layer"
        className="relative h-full w-full motion-safe:transition-transform motion-safe:duration-300 motion-safe:ease-out"
        style={{
          transform: zoomed ? `scale(${UI.zoom})` : "scale(1)",
          transformOrigin: `${origin.x}% ${origin.y}%`,
        }}
      >
        <ArtImage
          image={image}
          alt={alt}
          sizes={sizes}
          priority="high"
          letterboxed
          draggable={false}
          className="h-full w-full select-none bg-transparent object-contain"
        />
        {xlargeWanted && image.urlXLarge && (
          <img
            src={image.urlXLarge}
            alt=""
            aria-hidden
            draggable={false}
            decoding="async"
            onLoad={() => setXlargeLoaded(true)}
            className={cn(
              "absolute inset-0 h-full w-full select-none object-contain",
              "motion-safe:transition-opacity motion-safe:duration-500",
              xlargeLoaded ? "opacity-100" : "opacity-0",
            )}
          />
        )}
      </div>
      {/* The focus ring, drawn above the artwork: the button's own outline, inside its clipped
          box, was painted over by the picture. An amber line on a white one (the border), seen on
          any image, and kept in forced colours, which take both for the system's colour. */}
      <span
        aria-hidden
        data-testid="zoom-focus-ring"
        className={cn(
          "pointer-events-none absolute inset-0 hidden group-focus-visible:block",
          "border-4 border-white outline-2 outline-offset-[-3px] outline-ring",
        )}
      />
      <span
        aria-hidden
        className={cn(
          "pointer-events-none absolute bottom-4 left-4 inline-flex items-center gap-1.5 rounded-full",
          "bg-stone-950/70 px-3 py-1.5 text-xs font-medium text-stone-50 shadow-sm backdrop-blur",
          "opacity-90 motion-safe:transition-opacity group-hover:opacity-100",
        )}
      >
        {zoomed ? <ZoomOut className="size-3.5" /> : <ZoomIn className="size-3.5" />}
        {zoomed ? "Zoom out" : "Zoom"}
      </span>
    </button>
  );
}
