import type { Guide } from '../guide-types';

/** Vejledningerne på dansk. Skærm- og knapnavne er appens egne danske tekster. */
export const guides: readonly Guide[] = [
  {
    slug: 'connect-a-watch',
    title: 'Tilslut et ur',
    summary:
      'Føj det ur, du har købt, til din konto med dets IMEI og aktiveringskoden på æsken, og knyt det til den person, der skal bære det.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Alle Homeward-ure leveres i en æske med to numre på etiketten: IMEI (15 cifre, urets eget nummer) og en aktiveringskode (10 tegn, fx ABCDE-FGH23). Sammen beviser de, at uret er dit. Gem æsken, indtil uret er tilsluttet.',
      },
      { kind: 'heading', text: 'Før du går i gang' },
      {
        kind: 'list',
        items: [
          'Oplad uret helt, og tænd det. Det begynder at sende sin position, så snart det har mobildækning.',
          'Opret en konto, og log ind. Er du inviteret af et familiemedlem, så brug i stedet linket i invitationsmailen: uret er måske allerede tilsluttet.',
          'Hav æsken med IMEI og aktiveringskode ved hånden.',
        ],
      },
      { kind: 'heading', text: 'Tilslut uret' },
      {
        kind: 'steps',
        items: [
          'Åbn Enheder i menuen, og vælg Tilslut ur.',
          'Skriv IMEI og aktiveringskode præcis, som de står på æsken.',
          'Giv uret et navn, du kan genkende, for eksempel “Fars ur”, og vælg Tilslut.',
          'Uret står nu på din liste over enheder. Batteriniveau og tidspunktet for den seneste melding vises, når uret har sendt sin første melding.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'connect-watch',
        alt: 'Dialogen Tilslut et ur med IMEI, aktiveringskode og navnet “Fars ur” udfyldt og knappen Tilslut.',
      },
      { kind: 'heading', text: 'Hvis koden bliver afvist' },
      {
        kind: 'list',
        items: [
          'Er aktiveringskoden forkert, bliver intet tilsluttet. Kontrollér IMEI og kode igen; begge står på æsken, og bogstaver som O og tallet 0 er lette at forveksle.',
          'Efter fem forkerte koder sættes forsøg for det IMEI på pause i 15 minutter. Vent, og prøv så igen med koden fra æsken.',
          'Er uret allerede tilsluttet en anden husstand, bliver det afvist. Kontakt butikken eller vores support: vi fortæller aldrig nogen, hvis husstand det er, men vi hjælper dig med at få det løst.',
          'Et ur, der venter på at blive returneret til forhandleren, kan først tilsluttes, når forhandleren har fået det tilbage.',
        ],
      },
      { kind: 'heading', text: 'Knyt uret til den, der bærer det' },
      {
        kind: 'steps',
        items: [
          'Åbn Borgere, og opret den person, der skal bære uret (Ny borger). Guiden har fire trin: Oplysninger, Enheder, App-indstillinger og Geofence.',
          'I trinnet Enheder trækker du uret fra Tilgængelige til Aktive, eller du bruger dets Tilføj-knap.',
          'Under App-indstillinger vælger du, hvor ofte uret sender sin position, hvornår der advares om lavt batteri, SOS-nummeret, og om faldregistrering er slået til.',
          'Under Geofence vælger eller tegner du det sikre område (se vejledningen “Tegn en geofence”), og vælger Afslut.',
        ],
      },
      {
        kind: 'tip',
        text: 'Den første position kan tage nogle minutter og findes hurtigst udendørs. Indtil uret har et satellitfix, viser kortet den senest kendte position, markeret “senest kendte, intet GPS-fix”.',
      },
      { kind: 'heading', text: 'Frakobl et ur' },
      {
        kind: 'paragraph',
        text: 'Returnerer eller udskifter du et ur, så vælg Frakobl ved det under Enheder. Uret forlader din husstand og går tilbage til forhandleren som “afventer retur”; dets åbne alarmer lukkes, og det følger ikke længere nogen.',
      },
    ],
  },
  {
    slug: 'draw-a-geofence',
    title: 'Tegn en geofence',
    summary:
      'En geofence er et sikkert område på kortet, fx hjemmet og haven. Når bæreren forlader alle sine geofences, får du alarmen “Uden for geofence”.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'En geofence er et område, du tegner på kortet: en cirkel eller en polygon (et område med hjørner). En person er i sikkerhed, så længe de er inden for mindst én af deres geofences. Forlader de dem alle, udløser Homeward alarmen “Uden for geofence”, og den ophører af sig selv, når de er tilbage indenfor.',
      },
      { kind: 'heading', text: 'Tegn en geofence til en ny borger' },
      {
        kind: 'steps',
        items: [
          'Åbn Borgere, og vælg Ny borger. Udfyld de første tre trin.',
          'I det sidste trin, Geofence, vælger du Tegn en ny geofence og giver den et navn, fx “Hjemme”.',
          'Vælg Tegn cirkel, og klik på midtpunktet på kortet; klik igen for at vælge radius. Eller vælg Tegn polygon, og klik hjørnerne; klik på det første hjørne igen for at afslutte.',
          'Træk i håndtagene for at justere området, eller vælg Ryd og tegn det igen.',
          'Vælg Afslut. Borgeren oprettes med geofencen tilknyttet.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'draw-geofence',
        alt: 'Geofence-dialogen med en cirkel tegnet på kortet omkring et hjem og knapperne Tegn cirkel og Tegn polygon.',
      },
      { kind: 'heading', text: 'Tilføj eller ret en geofence senere' },
      {
        kind: 'steps',
        items: [
          'Åbn Geofences i menuen. Listen viser alle geofences ved siden af et kort over dem.',
          'Tilføj en ny, eller ret en eksisterende: giv den et navn, tegn området som ovenfor, og gem. At rette erstatter det tegnede område; de borgere, der er knyttet til den, forbliver knyttet.',
          'Åbn borgeren under Borgere. I afsnittet Geofences sætter du flueben ved de geofences, der skal holde personen i sikkerhed, og vælger Gem.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'citizen-geofence',
        alt: 'En borgers side: kortet med urets position og geofences og listen over geofences, der kan vælges.',
      },
      { kind: 'heading', text: 'Godt at vide' },
      {
        kind: 'list',
        items: [
          'Tegn området lidt større end hus og have. Et urs position er typisk præcis inden for 5–20 meter og mindre præcis indendørs.',
          'For at undgå falske alarmer tæller en udgang først, når positionen ligger mere end sin usikkerhed udenfor, eller når to meldinger i træk er udenfor.',
          'Positioner uden satellitfix (“senest kendte, intet GPS-fix”) flytter aldrig bæreren ind i eller ud af en geofence.',
          'En cirkel kan have en radius på op til 50 km. En polygon skal have mindst 3 hjørner, og dens kanter må ikke krydse hinanden.',
          'Du kan knytte flere geofences til én person, fx hjemmet, datterens hus og dagcentret.',
        ],
      },
    ],
  },
  {
    slug: 'alarms',
    title: 'Hvad alarmerne betyder, og hvad du skal gøre',
    summary:
      'SOS, fald, ur taget af, uden for geofence, lavt batteri og offline: hvad hver alarm betyder, hvem der får besked, og hvordan du kvitterer og håndterer den.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Når et ur udløser en alarm, ser alle, der er logget ind og følger personen, et rødt banner med en lyd, og den første alarmmodtager får en e-mail og en sms. De åbne alarmer står på Overblik og på borgerens side.',
      },
      {
        kind: 'screenshot',
        name: 'dashboard-alarms',
        alt: 'Overblikket med en åben SOS-alarm på listen over åbne alarmer med knapperne Kvittér og Håndtér.',
      },
      { kind: 'heading', text: 'Alarmerne' },
      {
        kind: 'terms',
        items: [
          {
            term: 'SOS',
            text: 'Bæreren har trykket på SOS-knappen. Ring til personen med det samme, og tag derhen eller send nogen, hvis de ikke svarer. Hvert nyt tryk alarmerer igen, også selvom du har kvitteret for alarmen.',
          },
          {
            term: 'Fald',
            text: 'Uret har registreret et fald (når faldregistrering er slået til i borgerens app-indstillinger). Ring med det samme; en person, der er faldet, kan måske ikke svare. Ligesom SOS alarmerer den igen hver gang.',
          },
          {
            term: 'Ur taget af',
            text: 'Uret er taget af håndleddet. Kontrollér, at personen har det godt, og få hjælp til at tage uret på igen. Alarmen ophører af sig selv, når uret bæres igen.',
          },
          {
            term: 'Uden for geofence',
            text: 'Bæreren har forladt alle sine geofences. Se kortet på borgerens side for den seneste position, og ring eller tag derhen. Alarmen ophører af sig selv, når personen er tilbage inden for en geofence.',
          },
          {
            term: 'Lavt batteri',
            text: 'Batteriet er faldet under det advarselsniveau for lavt batteri, der er valgt for uret i borgerens app-indstillinger. Sæt snart uret til opladning. Alarmen ophører af sig selv, når batteriet er opladt over niveauet.',
          },
          {
            term: 'Offline',
            text: 'Uret har ikke meldt sig i lang tid (tre gange sit meldeinterval; som standard 45 minutter). Batteriet kan være fladt, uret slukket, eller der er ingen mobildækning. Ring til personen, eller se til uret. Alarmen ophører ved næste melding.',
          },
          {
            term: 'Generel alarm',
            text: 'Uret har udløst en alarm uden at sige hvilken slags. Behandl den som en SOS, indtil du ved mere.',
          },
        ],
      },
      { kind: 'heading', text: 'Kvittér og håndtér' },
      {
        kind: 'list',
        items: [
          'Kvittér betyder “jeg tager mig af det”. Det fortæller de andre, at nogen er i gang, og alarmen sendes ikke videre til den næste modtager.',
          'Håndtér betyder “det er overstået”. Tilføj en note om, hvad der blev gjort, hvis du vil. En falsk alarm kan håndteres med det samme uden at kvittere først.',
          'Ophørt betyder, at tilstanden endte af sig selv: tilbage i en geofence, opladt, taget på igen eller melder sig igen. Ingen behøver at gøre noget ved en ophørt alarm.',
        ],
      },
      { kind: 'heading', text: 'Hvem får besked, og hvornår' },
      {
        kind: 'paragraph',
        text: 'Alarmmodtagerne får besked i den rækkefølge, der er valgt på borgerens side under Alarmmodtagere. Den første modtager får straks en e-mail og en sms. Kvitterer ingen inden for to minutter, får den næste besked, og så videre ned ad listen.',
      },
      {
        kind: 'paragraph',
        text: 'En alarm, der er ophørt af sig selv og senere kommer igen, er en ny alarm: den alarmerer alle igen med banner, lyd og beskeder. En alarm, der varer ved (stadig udenfor, stadig offline), tælles på den samme alarm og sender ikke nye beskeder.',
      },
      {
        kind: 'tip',
        text: 'På kortet betyder en hul grå markør “senest kendte, intet GPS-fix”: uret meldte sig uden satellitfix (ofte indendørs), så stedet er der, hvor det sidst havde et.',
      },
    ],
  },
  {
    slug: 'charging-and-wearing',
    title: 'Opladning og brug af uret',
    summary:
      'Sådan holder du batteriet i gang, hvornår du får en alarm om lavt batteri, og hvordan uret skal bæres, for at alarmerne virker.',
    blocks: [
      { kind: 'heading', text: 'Opladning' },
      {
        kind: 'list',
        items: [
          'Gør opladningen til en fast daglig vane, fx mens personen spiser morgenmad eller er i bad, og tag uret på igen lige bagefter.',
          'Hvert urs batteriniveau vises under Enheder og på Overblik.',
          'Når batteriet falder under advarselsniveauet, får du alarmen “Lavt batteri”. Den ophører af sig selv, når uret er opladt over niveauet.',
          'Et ur med fladt batteri holder op med at melde sig. Efter et stykke tid vises det som offline, og du får alarmen “Offline”.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'devices-battery',
        alt: 'Listen over enheder med hvert urs status, batteriniveau og tidspunktet for den seneste melding.',
      },
      { kind: 'heading', text: 'Indstillinger, der påvirker batteriet' },
      {
        kind: 'paragraph',
        text: 'Åbn borgerens side, og find App-indstillinger. Hvert ur har sine egne:',
      },
      {
        kind: 'terms',
        items: [
          {
            term: 'Positionsinterval',
            text: 'Hvor ofte uret sender sin position, fra 10 sekunder til et døgn. Hyppige meldinger viser bevægelser bedre, men tømmer batteriet hurtigere.',
          },
          {
            term: 'Advarsel om lavt batteri (%)',
            text: 'Niveauet, under hvilket du får alarmen “Lavt batteri”, fra 1 til 100 %. Det starter på urmodellens standard. Hæv det, hvis du har brug for mere tid til at få uret opladt.',
          },
          {
            term: 'SOS-nummer',
            text: 'Det telefonnummer, uret ringer til, når der trykkes på SOS-knappen.',
          },
          {
            term: 'Faldregistrering',
            text: 'Om uret udløser alarmen “Fald”, når det registrerer et fald.',
          },
        ],
      },
      {
        kind: 'screenshot',
        name: 'app-settings',
        alt: 'Afsnittet App-indstillinger på en borgers side med positionsinterval, advarsel om lavt batteri, SOS-nummer og faldregistrering.',
      },
      { kind: 'heading', text: 'Sådan bæres uret' },
      {
        kind: 'list',
        items: [
          'Bær uret tæt om håndleddet med bagsiden mod huden. Uret mærker, når det tages af, og udløser så alarmen “Ur taget af”.',
          'Tages uret af for at blive opladt, udløses “Ur taget af” også. Den ophører af sig selv, så snart uret bæres igen.',
          'Positioner findes bedst udendørs. Indendørs kan uret melde sig uden satellitfix; kortet viser så “senest kendte, intet GPS-fix”.',
          'Lad uret blive på om natten, hvis personen plejer at gå ud om natten: et ur på natbordet kan ikke udløse alarmen “Uden for geofence”.',
        ],
      },
    ],
  },
  {
    slug: 'inviting-family',
    title: 'Invitér familien',
    summary:
      'Invitér familiemedlemmer via e-mail, så de kan følge med og også modtage alarmerne, og overdrag kontoen, hvis det bliver nødvendigt.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Det er lettere at passe på nogen, når flere kan hjælpe. Alle, du inviterer, bliver medlemmer af din husstand: de får deres eget login, ser de samme ure og borgere som dig og kan modtage alarmerne.',
      },
      { kind: 'heading', text: 'Invitér nogen' },
      {
        kind: 'steps',
        items: [
          'Åbn Brugere i menuen, og vælg Inviter.',
          'Skriv familiemedlemmets e-mailadresse, og vælg Send invitation.',
          'De modtager en e-mail med et link. Linket åbner oprettelsen, hvor de vælger brugernavn og adgangskode; de skal oprette sig med den e-mailadresse, invitationen blev sendt til.',
          'Når de har oprettet sig, står de på listen som aktivt medlem sammen med, hvem der inviterede dem.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'invite-family',
        alt: 'Skærmen Brugere med husstandens medlemmer bag den åbne dialog Inviter et familiemedlem, hvor en e-mailadresse er skrevet ind.',
      },
      {
        kind: 'list',
        items: [
          'Kom e-mailen ikke frem? Bed dem se i spamfilteret, eller send invitationen igen fra listen.',
          'Inviteret den forkerte adresse? Slet invitationen; så virker linket ikke længere.',
        ],
      },
      { kind: 'heading', text: 'Lad dem modtage alarmerne' },
      {
        kind: 'steps',
        items: [
          'Åbn borgeren under Borgere, og find Alarmmodtagere.',
          'Vælg Tilføj en alarmmodtager, og vælg familiemedlemmet.',
          'Sæt modtagerne i den rækkefølge, de skal have besked: den første får besked med det samme, den næste efter to minutter, hvis ingen har kvitteret. Træk i en række, eller brug pilene.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Et familiemedlem, der er alarmmodtager, får alarmerne fra det øjeblik, de har oprettet sig: på skærmen, mens de er logget ind, og via e-mail og sms.',
      },
      { kind: 'heading', text: 'Overdrag kontoen' },
      {
        kind: 'paragraph',
        text: 'Skal en anden overtage som ejer af kontoen, så vælg Overdrag konto under Konto, og vælg et aktivt medlem (en, der stadig kun er inviteret, kan ikke vælges). De accepterer med det link, de modtager, og ejer derefter husstanden og dens ure. Du bliver logget ud og logger ind igen som medlem.',
      },
    ],
  },
  {
    slug: 'privacy',
    title: 'Privatliv',
    summary:
      'Hvad Homeward gemmer om dig og den, du passer på, hvem der kan se det, hvor længe det gemmes, og hvordan du sletter din konto.',
    blocks: [
      { kind: 'heading', text: 'Hvad der gemmes' },
      {
        kind: 'terms',
        items: [
          {
            term: 'Din konto',
            text: 'Dit navn, brugernavn, e-mailadresse, telefonnummer og, hvis du uploader et, dit billede. Din adgangskode gemmes kun som en envejs-hash; ingen kan læse den, heller ikke vi.',
          },
          {
            term: 'Den, du passer på',
            text: 'Navn, adresse og, hvis du skriver det, CPR-nummeret. CPR-nummeret gemmes krypteret og vises maskeret i lister.',
          },
          {
            term: 'Positioner',
            text: 'De positioner, uret melder, med tidspunkt og nøjagtighed. De slettes automatisk efter 90 dage.',
          },
          {
            term: 'Urets status',
            text: 'Batteriniveau, om uret er online, og hvornår det sidst meldte sig.',
          },
          {
            term: 'Alarmer',
            text: 'Hver alarm med dens historik: hvornår den blev udløst, hvem der kvitterede for og håndterede den, og en eventuel note.',
          },
          {
            term: 'Logs',
            text: 'En oversigt over ændringer (hvem ændrede hvad og hvornår) og over log ind, for at holde kontoen sikker. Du kan se din egen log ind-aktivitet under Konto.',
          },
        ],
      },
      {
        kind: 'paragraph',
        text: 'Talebeskeder, som et ur kan sende, gemmes ikke.',
      },
      { kind: 'heading', text: 'Hvem kan se det' },
      {
        kind: 'list',
        items: [
          'Dig og medlemmerne af din husstand: den familie, du har inviteret.',
          'Ingen andre: hver husstand holdes adskilt fra alle andre husstande og organisationer, og det håndhæves af selve databasen.',
          'Vores supportmedarbejdere kan finde din husstand, dens ejer og dens ure, når de hjælper dig.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'account',
        alt: 'Skærmen Konto med profiloplysningerne.',
      },
      { kind: 'heading', text: 'Slet din konto' },
      {
        kind: 'steps',
        items: [
          'Åbn Konto i menuen.',
          'Vælg Slet konto, og bekræft.',
          'Dine personoplysninger slettes, og du bliver logget ud på alle enheder.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Oplysninger, som loven kræver, at vi gemmer til bogføring, fx fakturaer, bevares. Skal kontoen leve videre, så overdrag den først til et familiemedlem (se “Invitér familien”).',
      },
      {
        kind: 'tip',
        text: 'Den fulde privatlivspolitik er linket nederst i menuen.',
      },
    ],
  },
];
