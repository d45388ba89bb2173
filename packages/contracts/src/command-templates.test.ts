import { describe, expect, it } from 'vitest';
import {
  COMMAND_TEMPLATE_MESSAGE_KEYS,
  COMMAND_TEMPLATES_MAX_PAGE_SIZE,
  commandTextVariables,
  isCommandValueValid,
  renderCommandText,
  zCommandTemplateListRequest,
  zSaveCommandTemplateRequest,
} from './command-templates';
import { fieldErrorsOf } from './validation';

const KEYS = COMMAND_TEMPLATE_MESSAGE_KEYS;

/** The field errors of a save request, as the server sends them. */
function errorsOf(body: object) {
  const result = zSaveCommandTemplateRequest.safeParse(body);
  return result.success ? [] : fieldErrorsOf(result.error);
}

describe('command template variables (spec §5)', () => {
  it('finds each %{name} once, in order of first use', () => {
    expect(commandTextVariables('SOS,%{phone1},%{phone2},%{ phone1 }')).toEqual(['phone1', 'phone2']);
    expect(commandTextVariables('CR')).toEqual([]);
  });

  it('accepts a text whose placeholders are exactly the declared variables', () => {
    const parsed = zSaveCommandTemplateRequest.parse({
      name: ' Reporting interval ',
      commandText: 'UPLOAD,%{seconds}',
      variables: [{ name: 'seconds', inputType: 'number', example: '300' }],
    });
    expect(parsed).toMatchObject({ name: 'Reporting interval', productId: null, isTextMessage: false });
    expect(errorsOf({ name: 'Find', commandText: 'FIND' })).toEqual([]);
  });

  it('refuses a placeholder that is not declared, naming it on the command text', () => {
    expect(
      errorsOf({ name: 'Center', commandText: 'CENTER,%{phone},%{extra}', variables: [{ name: 'phone' }] }),
    ).toEqual([{ field: 'commandText', message: KEYS.variableNotDeclared, params: { names: 'extra' } }]);
  });

  it('refuses a declared variable that is not in the text, on its row', () => {
    expect(
      errorsOf({ name: 'Find', commandText: 'FIND', variables: [{ name: 'phone' }, { name: 'seconds' }] }),
    ).toEqual([
      {
        field: 'variables.0.name',
        message: KEYS.variableNotUsed,
        params: { name: 'phone', placeholder: '%{phone}' },
      },
      {
        field: 'variables.1.name',
        message: KEYS.variableNotUsed,
        params: { name: 'seconds', placeholder: '%{seconds}' },
      },
    ]);
  });

  it('refuses a variable declared twice and names that cannot be placeholders', () => {
    expect(errorsOf({ name: 'X', commandText: 'X,%{a}', variables: [{ name: 'a' }, { name: 'a' }] })).toEqual(
      [{ field: 'variables.1.name', message: KEYS.variableNameTaken }],
    );
    const invalid = errorsOf({ name: 'X', commandText: 'X,%{1a}', variables: [{ name: '1a' }] });
    expect(invalid).toContainEqual({ field: 'variables.0.name', message: KEYS.variableNameInvalid });
  });
});

describe('renderCommandText', () => {
  it('fills every placeholder and leaves unknown ones', () => {
    expect(renderCommandText('SOS,%{a},%{b},%{ a }', { a: '+4511', b: '22' })).toBe('SOS,+4511,22,+4511');
    expect(renderCommandText('CENTER,%{phone}', {})).toBe('CENTER,%{phone}');
  });
});

describe('command values and paging', () => {
  it('checks values by input type', () => {
    expect(isCommandValueValid('number', '300')).toBe(true);
    expect(isCommandValueValid('number', '3x')).toBe(false);
    expect(isCommandValueValid('phone', '+4512345678')).toBe(true);
    expect(isCommandValueValid('phone', '12-34')).toBe(false);
    expect(isCommandValueValid('text', 'a*b')).toBe(false);
    expect(isCommandValueValid('text', 'a[b')).toBe(false);
    expect(isCommandValueValid('text', 'a]b')).toBe(false);
    expect(isCommandValueValid('text', 'new pass 1')).toBe(true);
  });

  it('allows at most 100 templates per request (spec §9)', () => {
    expect(COMMAND_TEMPLATES_MAX_PAGE_SIZE).toBe(100);
    expect(zCommandTemplateListRequest.safeParse({ maxResultCount: '100' }).success).toBe(true);
    expect(zCommandTemplateListRequest.safeParse({ maxResultCount: '101' }).success).toBe(false);
  });
});
