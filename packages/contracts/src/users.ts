/** Contracts of the users feature (schemas, types, constants shared by server and web). */
export {};
