import { Chip } from "@mui/material";
import type { components } from "@tuesday/api-client";
import { Datagrid, FunctionField, List, NumberField, SearchInput, SelectInput, TextField, useTranslate } from "react-admin";
import { LocaleDateField } from "../../lib/locale-date-field.tsx";

export type ConsoleEvent = components["schemas"]["ConsoleEvent"];

function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput
      key="tab"
      source="tab"
      label="tuesday.events.tab"
      alwaysOn
      emptyText="ra.action.clear_input_value"
      choices={[
        { id: "upcoming", name: "tuesday.events.tabs.upcoming" },
        { id: "past", name: "tuesday.events.tabs.past" },
      ]}
    />,
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("tuesday.events.search")} />,
  ];
}

/** Upcoming (default) or past events with their confirmed and pending counts; a row opens the event. */
export function EventList() {
  const translate = useTranslate();
  return (
    <List title="tuesday.events.title" filters={useFilters()} filterDefaultValues={{ tab: "upcoming" }} sort={{ field: "date", order: "ASC" }} perPage={25} exporter={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="title" label="tuesday.events.name" />
        <LocaleDateField source="eventDateTime" sortBy="date" label="tuesday.events.date" showTime />
        <FunctionField source="type" label="tuesday.events.type" sortable={false} render={(r: ConsoleEvent) => translate(`tuesday.events.types.${r.type}`)} />
        <FunctionField
          source="visibility"
          label="tuesday.events.visibility"
          sortable={false}
          render={(r: ConsoleEvent) => translate(`tuesday.events.visibilities.${r.visibility}`)}
        />
        <NumberField source="confirmedCount" label="tuesday.events.confirmed" sortable={false} />
        <FunctionField
          source="pendingCount"
          label="tuesday.events.pending"
          sortable={false}
          render={(r: ConsoleEvent) => (r.pendingCount ? <Chip size="small" color="warning" label={r.pendingCount} data-testid={`pending-${r.id}`} /> : "0")}
        />
      </Datagrid>
    </List>
  );
}
