/** Contracts of the security-logs feature (schemas, types, constants shared by server and web). */
export {};
