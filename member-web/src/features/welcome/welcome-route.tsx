import { PublicHeader } from "./public-header.tsx";
import { WelcomePage } from "./welcome-page.tsx";

/** "/" for visitors: the signed-out header and the landing in one lazy chunk, so nothing shifts when it arrives. */
export function WelcomeRoute() {
  return (
    <>
      <PublicHeader />
      <WelcomePage />
    </>
  );
}
