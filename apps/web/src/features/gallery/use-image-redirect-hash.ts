import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/app/paths";

const IMAGE_REDIRECT_HASH = /^#image-redirect=(\d+)$/;

/**
 * Old share links point at `#image-redirect=N`: open that image's page instead. Replacing the
 * history entry clears the hash, so Back does not bounce the visitor here again.
 */
export function useImageRedirectHash(): void {
  const { hash } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const match = IMAGE_REDIRECT_HASH.exec(hash);
    if (match?.[1]) navigate(paths.image.getHref(Number(match[1])), { replace: true });
  }, [hash, navigate]);
}
