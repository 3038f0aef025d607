/** English texts of account management in /profile. */
export const accountEn = {
  accountManage: {
    changePassword: "Change password",
    changeEmail: "Change e-mail",
    downloadData: "Download my data",
    deleteAccount: "Delete account",
    currentPassword: "Current password",
    newPassword: "New password",
    repeatPassword: "Repeat the new password",
    savePassword: "Save the new password",
    passwordChanged: "Your password is changed. You were signed out everywhere else.",
    cancel: "Cancel",
    saving: "Saving…",
    emailIntro: "Your e-mail is {{email}}. We send a link to the new address; the e-mail changes when you open it.",
    newEmail: "New e-mail",
    password: "Password",
    sendLink: "Send the confirmation link",
    emailSent: "We sent a link to {{email}}. Open it to confirm the new e-mail.",
    preparing: "Preparing…",
    deleteWarning:
      "Deleting the account removes your profile, answers, contacts, requests, chat memberships and event registrations in every community. Messages you sent stay in the other members' chats without your name. This cannot be undone.",
    passwordRequired: "Enter your password to confirm",
    deleteForever: "Delete my account",
    deleting: "Deleting…",
  },
};
