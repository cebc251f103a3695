// STUB — replaced by the image-detail helper.
export interface ProUpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}
export function ProUpgradeDialog({ open }: ProUpgradeDialogProps) {
  return open ? <div role="dialog">Upgrade to Pro</div> : null;
}
