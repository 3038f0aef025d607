import LabelIcon from "@mui/icons-material/Label";
import PersonIcon from "@mui/icons-material/Person";
import type { ReactNode } from "react";
import { Layout, Menu } from "react-admin";

/** The dashboard and the admin's own account; resource menus join as resources arrive. */
function ConsoleMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/topics" primaryText="tuesday.topics.title" leftIcon={<LabelIcon />} />
      <Menu.Item to="/account" primaryText="tuesday.account.title" leftIcon={<PersonIcon />} />
    </Menu>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return <Layout menu={ConsoleMenu}>{children}</Layout>;
}
