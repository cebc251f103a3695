// STUB — replaced by the image-detail helper.
export function ImageDetailDialog({ imageId }: { imageId: number }) {
  return <div role="dialog">Image {imageId}</div>;
}
