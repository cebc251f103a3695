import { MESSAGES } from "@sawdust/shared";
import { Button } from "@/components/ui/button";

/** A full-width submit button that reads 'Please wait...' and stays disabled while busy. */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy}>
      {busy ? MESSAGES.auth.pleaseWait : label}
    </Button>
  );
}
