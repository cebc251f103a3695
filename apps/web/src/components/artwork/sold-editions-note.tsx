import { MESSAGES } from "@sawdust/shared";

/**
 * In a piece's delete confirmation, when editions of it were sold: how many, and that the sales
 * and certificates outlive the piece, where the spec's text says all associated data goes. A
 * batch's confirmation gives its own `text` (the selection's pieces and editions).
 */
export function SoldEditionsNote(props: { id?: string } & ({ sold: number } | { text: string })) {
  return (
    <p
      id={props.id}
      data-testid="sold-editions-note"
      className="rounded-md border border-amber-600/40 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {"text" in props ? props.text : MESSAGES.adminImages.deleteKeepsSales(props.sold)}
    </p>
  );
}
