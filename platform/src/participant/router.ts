import { createRouter } from "../http/openapi.ts";
import { registerContact } from "./routes/contact.ts";
import { registerCreateParticipant } from "./routes/create.ts";
import { registerInit } from "./routes/init.ts";
import { registerMyCommunities } from "./routes/my-communities.ts";
import { registerOwnProfile } from "./routes/profile.ts";
import { registerProfileBySlug } from "./routes/profile-by-slug.ts";
import { registerProfileCompletion } from "./routes/profile-completion.ts";
import { registerSearchLinkedIn } from "./routes/search-linkedin.ts";
import { registerTutorialSeen } from "./routes/tutorial-seen.ts";
import { registerUpdateLanguage } from "./routes/update-language.ts";
import { registerUpdateLookingFor } from "./routes/update-looking-for.ts";
import { registerUpdateNetworkingPref } from "./routes/update-networking-pref.ts";
import { registerUpdateNotificationPref } from "./routes/update-notification-pref.ts";
import { registerUpdateProfile } from "./routes/update-profile.ts";

/** /api/participant/* (joining, profile, preferences), plus the general /api/contact and /api/init. */
export function participantRouter() {
  const app = createRouter();
  registerCreateParticipant(app);
  registerMyCommunities(app);
  registerOwnProfile(app);
  registerProfileBySlug(app);
  registerUpdateProfile(app);
  registerUpdateLookingFor(app);
  registerProfileCompletion(app);
  registerUpdateNetworkingPref(app);
  registerUpdateNotificationPref(app);
  registerTutorialSeen(app);
  registerUpdateLanguage(app);
  registerSearchLinkedIn(app);
  registerContact(app);
  registerInit(app);
  return app;
}
