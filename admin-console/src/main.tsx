import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { completeSsoReturn } from "./auth-provider.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// SSO's return is settled before react-admin checks the session.
void completeSsoReturn().finally(() =>
  createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
),
);
