import { zodResolver } from "@hookform/resolvers/zod";
import { ZCollectionCreateBody, ZCollectionUpdateBody } from "@sawdust/shared";

/**
 * The create form, checked by the shared contract (spec section 5): a trimmed name is required
 * ('Please enter a collection name'), a blank description is none, and new collections are
 * public (spec section 7, the schema's default).
 */
export const newCollectionResolver = zodResolver(ZCollectionCreateBody);

/** The edit dialog's form: name and description trimmed, the name not empty ('Collection name cannot be empty'). */
export const collectionEditResolver = zodResolver(ZCollectionUpdateBody);
