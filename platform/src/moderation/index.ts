export { allStaffMembers, findStaffMember, likePattern, listStaffMembers, SORT_FIELDS, type SortField, type StaffMemberRow } from "./queries.ts";
export { StaffMemberSchema } from "./schemas.ts";
export { decideModeration, moderateParticipant, toStaffMember } from "./service.ts";
