// STUB — replaced by the image-detail helper.
export interface SignUpPromptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why the visitor is asked (e.g. "to download the Basic size"). */
  reason?: string;
}
export function SignUpPromptDialog({ open }: SignUpPromptDialogProps) {
  return open ? <div role="dialog">Sign up</div> : null;
}
