/** Contracts of the organization-units feature (schemas, types, constants shared by server and web). */
export {};
