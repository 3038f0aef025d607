/** `/api/event/{id}/upload-image` carries a file: app.ts gives it the image upload's body limit. */
export const EVENT_IMAGE_UPLOAD_API_PATH = "/api/event/:id/upload-image";
export const isEventImageUpload = (path: string) => /^\/api\/event\/[^/]+\/upload-image$/.test(path);
