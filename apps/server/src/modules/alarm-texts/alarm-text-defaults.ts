import type { AlarmKind } from '@homeward/contracts';

/**
 * The shipped alarm texts, per language the product ships resource files for. A tenant's saved
 * text wins; a language without shipped texts (e.g. one added in language management) falls back
 * to its base language (`da-DK` → `da`), then to English.
 */

export interface AlarmTextTemplate {
  subject: string;
  body: string;
}

type ShippedTexts = Record<AlarmKind, AlarmTextTemplate>;

const en: ShippedTexts = {
  sos: {
    subject: 'SOS alarm: {citizen}',
    body: 'SOS alarm: {citizen} pressed SOS on {device} at {time}. Position: {address}. Open the alarm in Homeward to acknowledge it: {link}',
  },
  removal: {
    subject: 'Watch removed: {citizen}',
    body: 'Watch removed: {citizen} took off {device} at {time}. Last known position: {address}. Open the alarm in Homeward to acknowledge it: {link}',
  },
  general: {
    subject: 'Alarm from the watch: {citizen}',
    body: 'Alarm from the watch: {device} of {citizen} raised an alarm at {time}. Position: {address}. Open the alarm in Homeward to acknowledge it: {link}',
  },
  fall: {
    subject: 'Fall alarm: {citizen}',
    body: 'Fall alarm: {device} of {citizen} detected a fall at {time}. Position: {address}. Open the alarm in Homeward to acknowledge it: {link}',
  },
  lowBattery: {
    subject: 'Low battery: {citizen}',
    body: 'Low battery: {device} of {citizen} is running out of power ({time}). Please charge the watch. Position: {address}. {link}',
  },
  offline: {
    subject: 'Watch offline: {citizen}',
    body: 'Watch offline: {device} of {citizen} went offline at {time}. Last known position: {address}. {link}',
  },
  outsideGeofence: {
    subject: 'Outside geofence: {citizen}',
    body: 'Outside geofence: {citizen} left the safe area at {time} ({device}). Position: {address}. Open the alarm in Homeward: {link}',
  },
  vitals: {
    subject: 'Vitals out of range: {citizen}',
    body: 'Vitals out of range: {device} of {citizen} measured a value outside the set limits at {time}. Position: {address}. Open the alarm in Homeward to see the value and acknowledge it: {link}',
  },
};

const da: ShippedTexts = {
  sos: {
    subject: 'SOS-alarm: {citizen}',
    body: 'SOS-alarm: {citizen} har trykket SOS på {device} kl. {time}. Position: {address}. Åbn alarmen i Homeward for at kvittere: {link}',
  },
  removal: {
    subject: 'Ur taget af: {citizen}',
    body: 'Ur taget af: {citizen} har taget {device} af kl. {time}. Sidst kendte position: {address}. Åbn alarmen i Homeward for at kvittere: {link}',
  },
  general: {
    subject: 'Alarm fra uret: {citizen}',
    body: 'Alarm fra uret: {device} hos {citizen} udløste en alarm kl. {time}. Position: {address}. Åbn alarmen i Homeward for at kvittere: {link}',
  },
  fall: {
    subject: 'Faldalarm: {citizen}',
    body: 'Faldalarm: {device} hos {citizen} registrerede et fald kl. {time}. Position: {address}. Åbn alarmen i Homeward for at kvittere: {link}',
  },
  lowBattery: {
    subject: 'Lavt batteri: {citizen}',
    body: 'Lavt batteri: {device} hos {citizen} er ved at løbe tør for strøm ({time}). Sæt uret til opladning. Position: {address}. {link}',
  },
  offline: {
    subject: 'Ur offline: {citizen}',
    body: 'Ur offline: {device} hos {citizen} gik offline kl. {time}. Sidst kendte position: {address}. {link}',
  },
  outsideGeofence: {
    subject: 'Uden for geofence: {citizen}',
    body: 'Uden for geofence: {citizen} forlod det sikre område kl. {time} ({device}). Position: {address}. Åbn alarmen i Homeward: {link}',
  },
  vitals: {
    subject: 'Vitale værdier uden for grænserne: {citizen}',
    body: 'Vitale værdier uden for grænserne: {device} hos {citizen} målte en værdi uden for de fastsatte grænser kl. {time}. Position: {address}. Åbn alarmen i Homeward for at se værdien og kvittere: {link}',
  },
};

const sv: ShippedTexts = {
  sos: {
    subject: 'SOS-larm: {citizen}',
    body: 'SOS-larm: {citizen} tryckte på SOS på {device} kl. {time}. Position: {address}. Öppna larmet i Homeward för att kvittera: {link}',
  },
  removal: {
    subject: 'Klockan avtagen: {citizen}',
    body: 'Klockan avtagen: {citizen} tog av {device} kl. {time}. Senast kända position: {address}. Öppna larmet i Homeward för att kvittera: {link}',
  },
  general: {
    subject: 'Larm från klockan: {citizen}',
    body: 'Larm från klockan: {device} hos {citizen} utlöste ett larm kl. {time}. Position: {address}. Öppna larmet i Homeward för att kvittera: {link}',
  },
  fall: {
    subject: 'Falllarm: {citizen}',
    body: 'Falllarm: {device} hos {citizen} registrerade ett fall kl. {time}. Position: {address}. Öppna larmet i Homeward för att kvittera: {link}',
  },
  lowBattery: {
    subject: 'Låg batterinivå: {citizen}',
    body: 'Låg batterinivå: {device} hos {citizen} håller på att ta slut på ström ({time}). Ladda klockan. Position: {address}. {link}',
  },
  offline: {
    subject: 'Klocka offline: {citizen}',
    body: 'Klocka offline: {device} hos {citizen} gick offline kl. {time}. Senast kända position: {address}. {link}',
  },
  outsideGeofence: {
    subject: 'Utanför geofence: {citizen}',
    body: 'Utanför geofence: {citizen} lämnade det säkra området kl. {time} ({device}). Position: {address}. Öppna larmet i Homeward: {link}',
  },
  vitals: {
    subject: 'Vitalparametrar utanför gränserna: {citizen}',
    body: 'Vitalparametrar utanför gränserna: {device} hos {citizen} mätte ett värde utanför de inställda gränserna kl. {time}. Position: {address}. Öppna larmet i Homeward för att se värdet och kvittera: {link}',
  },
};

const de: ShippedTexts = {
  sos: {
    subject: 'SOS-Alarm: {citizen}',
    body: 'SOS-Alarm: {citizen} hat auf {device} um {time} SOS gedrückt. Position: {address}. Öffnen Sie den Alarm in Homeward, um ihn zu quittieren: {link}',
  },
  removal: {
    subject: 'Uhr abgenommen: {citizen}',
    body: 'Uhr abgenommen: {citizen} hat {device} um {time} abgenommen. Letzte bekannte Position: {address}. Öffnen Sie den Alarm in Homeward, um ihn zu quittieren: {link}',
  },
  general: {
    subject: 'Alarm der Uhr: {citizen}',
    body: 'Alarm der Uhr: {device} von {citizen} hat um {time} einen Alarm ausgelöst. Position: {address}. Öffnen Sie den Alarm in Homeward, um ihn zu quittieren: {link}',
  },
  fall: {
    subject: 'Sturzalarm: {citizen}',
    body: 'Sturzalarm: {device} von {citizen} hat um {time} einen Sturz erkannt. Position: {address}. Öffnen Sie den Alarm in Homeward, um ihn zu quittieren: {link}',
  },
  lowBattery: {
    subject: 'Akku schwach: {citizen}',
    body: 'Akku schwach: {device} von {citizen} hat kaum noch Strom ({time}). Bitte laden Sie die Uhr. Position: {address}. {link}',
  },
  offline: {
    subject: 'Uhr offline: {citizen}',
    body: 'Uhr offline: {device} von {citizen} ist seit {time} offline. Letzte bekannte Position: {address}. {link}',
  },
  outsideGeofence: {
    subject: 'Außerhalb des Geofence: {citizen}',
    body: 'Außerhalb des Geofence: {citizen} hat den sicheren Bereich um {time} verlassen ({device}). Position: {address}. Öffnen Sie den Alarm in Homeward: {link}',
  },
  vitals: {
    subject: 'Vitalwerte außerhalb der Grenzen: {citizen}',
    body: 'Vitalwerte außerhalb der Grenzen: {device} von {citizen} hat um {time} einen Wert außerhalb der eingestellten Grenzen gemessen. Position: {address}. Öffnen Sie den Alarm in Homeward, um den Wert zu sehen und ihn zu quittieren: {link}',
  },
};

const SHIPPED: Readonly<Record<string, ShippedTexts>> = { en, da, sv, de };

/** The shipped language whose texts a culture uses: itself, its base language, else English. */
export function shippedLanguageOf(culture: string): string {
  const lower = culture.toLowerCase();
  const base = lower.split('-')[0]!;
  return Object.hasOwn(SHIPPED, lower) ? lower : Object.hasOwn(SHIPPED, base) ? base : 'en';
}

/** The shipped text of an alarm kind in a language (see `shippedLanguageOf`). */
export function defaultAlarmText(kind: AlarmKind, culture: string): AlarmTextTemplate {
  return SHIPPED[shippedLanguageOf(culture)]![kind];
}
