/** Contracts of the roles feature (schemas, types, constants shared by server and web). */
export {};
