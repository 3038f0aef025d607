import { Card, CardContent, Chip, Stack, Typography } from "@mui/material";
import { Title, useGetIdentity, usePermissions, useTranslate } from "react-admin";

/** The signed-in admin's own account: identity and the permissions that let them in. */
export function AccountPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate("tuesday.account.title")} />
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {translate("tuesday.dashboard.signedInAs")}
        </Typography>
        <Typography variant="h6">{identity?.fullName ?? "…"}</Typography>
        <Typography variant="overline" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {translate("tuesday.account.permissions")}
        </Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap" }}>
          {(permissions ?? []).map((p) => (
            <Chip key={p} label={translate(`tuesday.account.permission.${p}`, { _: p })} size="small" />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
