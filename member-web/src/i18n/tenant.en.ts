/** English texts of the tenant variants, the bank-partner sections, the tour and the start-up screens. */
export const tenantEn = {
  tenant: {
    donate: "Donate",
    donateLabel: "Donate to {{name}} (opens in a new tab)",
    applyNow: "Apply now",
    applyNowLabel: "Apply now (opens in a new tab)",
    partnerSections: "{{name}} sections",
    sections: {
      services: "Services",
      education: "Education",
      contacts: "Contacts",
      events: "Events",
      earnings: "Earnings",
      career: "Career",
    },
    sectionEmpty: "Nothing here yet.",
    openSection: "Open {{section}}",
    redirecting: "Taking you to your community…",
    chunkTimeoutTitle: "The page did not load",
    chunkTimeoutText: "A part of the app took too long to arrive. Check your connection and try again.",
    retry: "Try again",
    tour: {
      label: "Getting started",
      stepOf: "Step {{step}} of {{total}}",
      next: "Next",
      previous: "Back",
      skip: "Skip",
      finish: "Finish",
      help: "Tour",
      helpLabel: "Show the getting-started tour again",
    },
  },
};
