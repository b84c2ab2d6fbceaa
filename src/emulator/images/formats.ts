// Image formats of GET /qr-codes/:id/image: cheap constants the route validates against before
// it loads any image library.

export const IMAGE_FORMATS = ['png', 'svg', 'pdf', 'jpeg', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const TRANSPARENT_FORMATS: readonly ImageFormat[] = ['png', 'webp', 'svg'];

export const FORMAT_INFO: Record<ImageFormat, { contentType: string; ext: string }> = {
  png: { contentType: 'image/png', ext: 'png' },
  svg: { contentType: 'image/svg+xml', ext: 'svg' },
  pdf: { contentType: 'application/pdf', ext: 'pdf' },
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  webp: { contentType: 'image/webp', ext: 'webp' },
};
