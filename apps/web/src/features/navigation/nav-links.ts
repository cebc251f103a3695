import { isAdmin, principalOf, type User } from "@sawdust/shared";
import { paths } from "@/app/paths";

export interface NavLinkEntry {
  label: string;
  to: string;
}

/** The site's main sections; Upload only for admins, who are the only ones who may upload. */
export function primaryLinks(user: User | null | undefined): NavLinkEntry[] {
  const links: NavLinkEntry[] = [
    { label: "Gallery", to: paths.gallery.getHref() },
    { label: "1/1 Collection", to: paths.oneOfOne.getHref() },
    { label: "Open Editions", to: paths.openEditions.getHref() },
    { label: "Explorer", to: paths.explore.getHref() },
  ];
  if (isAdmin(principalOf(user))) links.push({ label: "Upload", to: paths.upload.getHref() });
  return links;
}
