import { z } from 'zod';
import { keyWithParams } from './field-rules';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Contracts of command templates (/api/command-templates, spec §2 Terminal, §3 Command template,
 * §5, §9): a named device command text with `%{variable}` placeholders, filled in on the terminal.
 */

/** Command templates come at most this many per request (spec §9). */
export const COMMAND_TEMPLATES_MAX_PAGE_SIZE = 100;

export const COMMAND_VARIABLE_INPUT_TYPES = ['text', 'number', 'phone'] as const;
export type CommandVariableInputType = (typeof COMMAND_VARIABLE_INPUT_TYPES)[number];

/** Translation keys (namespace `commandTemplates`) of the rules the server enforces. */
export const COMMAND_TEMPLATE_MESSAGE_KEYS = {
  /** A `%{name}` in the command text that is not a declared variable; `{names}` lists them. */
  variableNotDeclared: 'commandTemplates:variableNotDeclared',
  /** A declared variable that does not appear in the command text; `{placeholder}` is `%{name}`. */
  variableNotUsed: 'commandTemplates:variableNotUsed',
  variableNameTaken: 'commandTemplates:variableNameTaken',
  variableNameInvalid: 'commandTemplates:variableNameInvalid',
  /** The terminal: a value for a variable is missing or does not fit its input type. */
  variableValueRequired: 'commandTemplates:variableValueRequired',
  variableValueInvalid: 'commandTemplates:variableValueInvalid',
  nameTaken: 'commandTemplates:nameTaken',
  /** The product is not one of the tenant's device families. */
  unknownProduct: 'commandTemplates:unknownProduct',
} as const;

export const COMMAND_TEMPLATE_SORT_FIELDS = ['name', 'commandText', 'isTextMessage', 'createdAt'] as const;

const VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const PLACEHOLDER = /%\{([^}]*)\}/g;

/** The variable names written as `%{name}` in a command text, in order of first use. */
export function commandTextVariables(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!.trim());
  return [...new Set(names)];
}

/** The command text with each `%{name}` replaced by its value (unknown names are left as they are). */
export function renderCommandText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name.trim()] ?? whole);
}

const VALUE_PATTERNS: Record<CommandVariableInputType, RegExp> = {
  text: /^[^[\]*]{1,256}$/,
  number: /^-?\d+(\.\d+)?$/,
  phone: /^\+?\d{3,20}$/,
};

/** Whether a terminal value fits a variable's input type (watch frames cannot carry `[`, `]` or `*`). */
export function isCommandValueValid(inputType: CommandVariableInputType, value: string): boolean {
  return VALUE_PATTERNS[inputType].test(value);
}

export const zCommandTemplateVariable = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .refine((name) => VARIABLE_NAME.test(name), COMMAND_TEMPLATE_MESSAGE_KEYS.variableNameInvalid),
  inputType: z.enum(COMMAND_VARIABLE_INPUT_TYPES).default('text'),
  example: z.string().trim().max(128).optional().default(''),
});
export type CommandTemplateVariable = z.output<typeof zCommandTemplateVariable>;

const zCommandTemplateFields = z.object({
  name: z.string().trim().min(1).max(128),
  description: z.string().trim().max(512).optional().default(''),
  commandText: z.string().trim().min(1).max(512),
  /** The device family the command is for; null means any. */
  productId: z.uuid().nullable().optional().default(null),
  variables: z.array(zCommandTemplateVariable).max(20).optional().default([]),
  /** The command goes to the watch's SIM by SMS instead of over its live channel. */
  isTextMessage: z.boolean().optional().default(false),
});
type CommandTemplateFields = z.output<typeof zCommandTemplateFields>;

/** Spec §5: every `%{var}` in the text is declared, and every declared variable is in the text. */
function checkVariables(value: CommandTemplateFields, context: z.RefinementCtx): void {
  const used = commandTextVariables(value.commandText);
  const declared = value.variables.map((variable) => variable.name);
  const missing = used.filter((name) => !declared.includes(name));
  if (missing.length > 0) {
    context.addIssue({
      code: 'custom',
      path: ['commandText'],
      // The parameters travel in the message (`key|{json}`), as the contracts' error map does, so
      // the server's field error and the browser's form both fill them in.
      message: keyWithParams(COMMAND_TEMPLATE_MESSAGE_KEYS.variableNotDeclared, {
        names: missing.join(', '),
      }),
    });
  }
  value.variables.forEach((variable, index) => {
    if (declared.indexOf(variable.name) !== index) {
      context.addIssue({
        code: 'custom',
        path: ['variables', index, 'name'],
        message: COMMAND_TEMPLATE_MESSAGE_KEYS.variableNameTaken,
      });
    } else if (!used.includes(variable.name)) {
      context.addIssue({
        code: 'custom',
        path: ['variables', index, 'name'],
        message: keyWithParams(COMMAND_TEMPLATE_MESSAGE_KEYS.variableNotUsed, {
          name: variable.name,
          placeholder: `%{${variable.name}}`,
        }),
      });
    }
  });
}

/** POST /api/command-templates and PUT /api/command-templates/:id. */
export const zSaveCommandTemplateRequest = zCommandTemplateFields.superRefine(checkVariables);
export type SaveCommandTemplateRequest = z.input<typeof zSaveCommandTemplateRequest>;
export type SaveCommandTemplateValues = z.output<typeof zSaveCommandTemplateRequest>;

export const zCommandTemplate = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  name: z.string(),
  description: z.string(),
  commandText: z.string(),
  productId: z.uuid().nullable(),
  productName: z.string().nullable(),
  variables: z.array(zCommandTemplateVariable),
  isTextMessage: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CommandTemplate = z.infer<typeof zCommandTemplate>;

/** GET /api/command-templates: paged, at most `COMMAND_TEMPLATES_MAX_PAGE_SIZE` at a time. */
export const zCommandTemplateListRequest = zPagedRequest.extend({
  maxResultCount: z.coerce.number().int().min(1).max(COMMAND_TEMPLATES_MAX_PAGE_SIZE).default(10),
  /** Only templates for this product (and those for any product). */
  productId: z.uuid().optional(),
});
export type CommandTemplateListRequest = z.input<typeof zCommandTemplateListRequest>;
export const zCommandTemplateListResponse = zPagedResult(zCommandTemplate);
export type CommandTemplateListResponse = z.infer<typeof zCommandTemplateListResponse>;
