import type { ImageEditFormValues, ImagePatchBody } from "@sawdust/shared";

type Changed = Partial<Record<keyof ImageEditFormValues, boolean | undefined>>;

/**
 * The edit form's body cut to the fields the admin changed (react-hook-form's dirty fields): the
 * server changes only the fields sent, so a save from a form opened before another admin's does
 * not put back what they changed since. The edition's fields (type, price, size) go together
 * when any of them changed: the server checks them as one.
 */
export function changesOnly(body: ImagePatchBody, changed: Changed): ImagePatchBody {
  const patch: ImagePatchBody = {};
  const title = changed.title ? body.aiAnalysis?.title : undefined;
  const description = changed.description ? body.aiAnalysis?.description : undefined;
  if (title !== undefined || description !== undefined) {
    patch.aiAnalysis = {
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
    };
  }
  if (changed.tags && body.tags !== undefined) patch.tags = body.tags;
  if (changed.style && body.style !== undefined) patch.style = body.style;
  if (changed.editionType || changed.price || changed.maxEditions) {
    if (body.editionType !== undefined) patch.editionType = body.editionType;
    if (body.price !== undefined) patch.price = body.price;
    if (body.maxEditions !== undefined) patch.maxEditions = body.maxEditions;
  }
  return patch;
}
