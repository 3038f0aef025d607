export { visibleContacts, loadViewer, type Viewer } from "./privacy.ts";
export { refreshProfileCompletion } from "./completion.ts";
