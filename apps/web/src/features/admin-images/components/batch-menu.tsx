import {
  type AdminImageOperation,
  type AnyEditionType,
  dollarsToCents,
  EDITION_FILTER_VALUES,
  EDITION_TYPE_LABELS,
  editionTakesPrice,
  MESSAGES,
  splitCommaList,
  UPLOAD,
  ZAdminImageOperation,
} from "@sawdust/shared";
import {
  ChevronDown,
  Eye,
  EyeOff,
  type LucideIcon,
  RefreshCw,
  Tag,
  Tags,
  Trash2,
  WalletCards,
} from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { SoldEditionsNote } from "@/components/artwork/sold-editions-note";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { deleteSalesNote, type SelectionSales } from "../selection-sales";

const b = MESSAGES.adminImages.batch;

/** The label a finished batch's toast names it by. */
export function operationLabel(operation: AdminImageOperation): string {
  const labels: Record<AdminImageOperation["type"], string> = {
    make_public: b.makePublic,
    make_private: b.makePrivate,
    delete: b.delete,
    reanalyse: b.reanalyse,
    set_edition: b.setEdition,
    add_tags: b.addTags,
    remove_tags: b.removeTags,
  };
  return labels[operation.type];
}

type Asking = "delete" | "set_edition" | "add_tags" | "remove_tags" | null;

interface BatchMenuProps {
  /** How many images the batch would change. */
  count: number;
  /** What the selected pieces sold: the delete's confirmation says so. */
  sales?: SelectionSales;
  pending: boolean;
  onRun: (operation: AdminImageOperation) => void;
}

/**
 * 'Batch Operations' (spec section 2 names the button; here it works): the selected images made
 * public or private, deleted (after a confirmation), analysed again, given an edition type and
 * price, or tags added or removed. Each asks the server once.
 */
export function BatchMenu({ count, sales, pending, onRun }: BatchMenuProps) {
  const [asking, setAsking] = useState<Asking>(null);
  const none = count === 0;
  const salesNote = sales ? deleteSalesNote(sales) : null;
  // A dialog opened from an item gives the focus back to the menu's button when it closes: the
  // item it came from has gone with the menu (the focus fell to the page's top; round 20).
  // The operation may be running by then (the button disabled, which takes no focus): the focus
  // goes to it once it is enabled again.
  const trigger = useRef<HTMLButtonElement>(null);
  const focusWanted = useRef(false);
  const backToMenu = (event: Event) => {
    event.preventDefault();
    focusWanted.current = true;
    if (!trigger.current?.disabled) {
      focusWanted.current = false;
      trigger.current?.focus();
    }
  };
  useEffect(() => {
    if (pending || !focusWanted.current) return;
    focusWanted.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) trigger.current?.focus();
  }, [pending]);
  const item = (icon: LucideIcon, label: string, action: () => void, destructive = false) => {
    const Icon = icon;
    return (
      <DropdownMenuItem
        disabled={none || pending}
        onSelect={action}
        className={destructive ? "text-destructive focus:text-destructive" : undefined}
      >
        <Icon aria-hidden className={destructive ? "text-destructive" : undefined} />
        {label}
      </DropdownMenuItem>
    );
  };
  const close = () => setAsking(null);
  const run = (operation: AdminImageOperation) => {
    close();
    onRun(operation);
  };

  return (
    <>
      {/* Not modal: a dialog opened from an item takes the focus without the menu holding it. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="outline" disabled={pending}>
            {pending ? b.applying : MESSAGES.adminImages.batchOperations}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            {none ? MESSAGES.adminImages.nothingSelected : MESSAGES.adminImages.selected(count)}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {item(Eye, b.makePublic, () => onRun({ type: "make_public" }))}
          {item(EyeOff, b.makePrivate, () => onRun({ type: "make_private" }))}
          {item(RefreshCw, b.reanalyse, () => onRun({ type: "reanalyse" }))}
          {item(WalletCards, `${b.setEdition}…`, () => setAsking("set_edition"))}
          {item(Tag, `${b.addTags}…`, () => setAsking("add_tags"))}
          {item(Tags, `${b.removeTags}…`, () => setAsking("remove_tags"))}
          <DropdownMenuSeparator />
          {item(Trash2, `${b.delete}…`, () => setAsking("delete"), true)}
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={asking === "delete"}
        onOpenChange={(open) => !open && close()}
        title={b.deleteConfirmTitle(count)}
        description={MESSAGES.images.adminDeleteConfirmText}
        confirmLabel={b.delete}
        destructive
        onConfirm={() => run({ type: "delete" })}
        onCloseAutoFocus={backToMenu}
      >
        {salesNote && <SoldEditionsNote text={salesNote} />}
      </ConfirmDialog>
      <TagsDialog
        type={asking === "remove_tags" ? "remove_tags" : "add_tags"}
        open={asking === "add_tags" || asking === "remove_tags"}
        count={count}
        onClose={close}
        onRun={run}
        onCloseAutoFocus={backToMenu}
      />
      <EditionDialog
        open={asking === "set_edition"}
        count={count}
        onClose={close}
        onRun={run}
        onCloseAutoFocus={backToMenu}
      />
    </>
  );
}

interface OperationDialogProps {
  open: boolean;
  count: number;
  onClose: () => void;
  onRun: (operation: AdminImageOperation) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** Checks an operation with the server's schema; the first issue's message otherwise. */
function checked(
  operation: unknown,
): { ok: true; value: AdminImageOperation } | { ok: false; message: string } {
  const parsed = ZAdminImageOperation.safeParse(operation);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? b.failed };
}

function TagsDialog({
  type,
  ...props
}: OperationDialogProps & { type: "add_tags" | "remove_tags" }) {
  const id = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const title = type === "add_tags" ? b.addTags : b.removeTags;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = checked({ type, tags: splitCommaList(text) });
    if (!result.ok) return setProblem(result.message);
    setText("");
    setProblem(null);
    props.onRun(result.value);
  }

  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-w-md" onCloseAutoFocus={props.onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{MESSAGES.adminImages.selected(props.count)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-tags`}>{b.tagsLabel}</Label>
            <Input
              id={`${id}-tags`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="e.g. landscape, dusk"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            {problem && (
              <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="brand">
              {b.apply}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const SELECT = "h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-sm";

function EditionDialog(props: OperationDialogProps) {
  const id = useId();
  const [editionType, setEditionType] = useState<AnyEditionType>("open_edition");
  const [price, setPrice] = useState("");
  const [size, setSize] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const takesPrice = editionTakesPrice(editionType);

  function submit(event: FormEvent) {
    event.preventDefault();
    const dollars = price.trim() === "" ? undefined : Number(price);
    const result = checked({
      type: "set_edition",
      editionType,
      ...(takesPrice && dollars !== undefined
        ? { priceCents: Number.isFinite(dollars) ? dollarsToCents(dollars) : Number.NaN }
        : {}),
      ...(editionType === "limited_edition" ? { maxEditions: Number(size || Number.NaN) } : {}),
    });
    if (!result.ok) return setProblem(result.message);
    setProblem(null);
    props.onRun(result.value);
  }

  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent className="max-w-md" onCloseAutoFocus={props.onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{b.setEdition}</DialogTitle>
          <DialogDescription>{MESSAGES.adminImages.selected(props.count)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-type`}>Edition Type</Label>
            <select
              id={`${id}-type`}
              value={editionType}
              onChange={(event) => setEditionType(event.target.value as AnyEditionType)}
              className={SELECT}
            >
              {EDITION_FILTER_VALUES.map((type) => (
                <option key={type} value={type}>
                  {EDITION_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          {takesPrice && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-price`}>{MESSAGES.adminImages.priceLabel}</Label>
              <Input
                id={`${id}-price`}
                type="number"
                min={0}
                step={UPLOAD.priceStep}
                inputMode="decimal"
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                aria-describedby={`${id}-price-hint`}
              />
              <p id={`${id}-price-hint`} className="text-xs text-muted-foreground">
                Empty keeps each image's price.
              </p>
            </div>
          )}
          {editionType === "limited_edition" && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-size`}>{MESSAGES.adminImages.editionSize}</Label>
              <Input
                id={`${id}-size`}
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                value={size}
                onChange={(event) => setSize(event.target.value)}
              />
            </div>
          )}
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="brand">
              {b.apply}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
