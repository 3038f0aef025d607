import type { ComponentType } from "react";
import type { Step } from "../model.ts";
import { AboutSection } from "./about-section.tsx";
import { AvatarSection } from "./avatar-section.tsx";
import { ContactsSection } from "./contacts-section.tsx";
import { LookingForSection } from "./looking-for-section.tsx";
import { NetworksSection } from "./networks-section.tsx";
import { ProfileSection } from "./profile-section.tsx";
import type { SectionProps } from "./section-form.tsx";

/** One editor per step: onboarding walks through them, the profile page shows them as cards. */
export const SECTIONS: Record<Step, ComponentType<SectionProps>> = {
  profile: ProfileSection,
  lookingFor: LookingForSection,
  contacts: ContactsSection,
  networks: NetworksSection,
  avatar: AvatarSection,
  about: AboutSection,
};

export type { SectionActions, SectionProps } from "./section-form.tsx";
