import type { Guide } from '../guide-types';

/** The guides in English. Names of screens and buttons are the app's own English labels. */
export const guides: readonly Guide[] = [
  {
    slug: 'connect-a-watch',
    title: 'Connect a watch',
    summary:
      'Add the watch you bought to your account with its IMEI and the activation code printed on the box, then link it to the person who wears it.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Every Homeward watch comes in a box with two numbers on its label: the IMEI (15 digits, the watch’s own number) and an activation code (10 characters, such as ABCDE-FGH23). Together they prove that the watch is yours. Keep the box until the watch is connected.',
      },
      { kind: 'heading', text: 'Before you start' },
      {
        kind: 'list',
        items: [
          'Charge the watch fully and switch it on. It starts reporting its position as soon as it has mobile coverage.',
          'Register and sign in. If you were invited by a family member, use the link in the invitation e-mail instead: the watch may already be connected.',
          'Have the box with the IMEI and the activation code at hand.',
        ],
      },
      { kind: 'heading', text: 'Connect the watch' },
      {
        kind: 'steps',
        items: [
          'Open Devices in the menu and choose Connect watch.',
          'Type the IMEI and the activation code exactly as they are printed on the box.',
          'Give the watch a name you will recognise, for example “Dad’s watch”, and choose Connect.',
          'The watch now appears in your list of devices. Its battery level and the time it last reported are shown once it has sent its first report.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'connect-watch',
        alt: 'The Connect a watch dialog with the IMEI, the activation code and the name “Dad’s watch” filled in, and its Connect button.',
      },
      { kind: 'heading', text: 'If the code is refused' },
      {
        kind: 'list',
        items: [
          '“The activation code is not right for this watch”: nothing is connected. Check the IMEI and the code again; both are on the box, and letters such as O and 0 are easy to mix up.',
          '“Too many wrong codes for this watch”: after five wrong codes, attempts for that IMEI are paused for 15 minutes. Wait, then try again with the code from the box.',
          '“This watch is already connected to another household”: it is refused. Contact the shop or our support: we never tell anyone whose household it is, but we can help you sort it out.',
          'A watch that is waiting to be returned to its seller cannot be connected until the seller has it back.',
        ],
      },
      { kind: 'heading', text: 'Link the watch to the person who wears it' },
      {
        kind: 'steps',
        items: [
          'Open Citizens and create the person who will wear the watch (New citizen). The wizard has four steps: Information, Devices, App settings and Geofence.',
          'In the Devices step, drag the watch from Available to Active, or use its Add button.',
          'In App settings, choose how often the watch reports its position, the low-battery warning level, the SOS number and whether fall detection is on.',
          'In Geofence, pick or draw the safe area (see the guide “Draw a geofence”) and choose Finish.',
        ],
      },
      {
        kind: 'tip',
        text: 'The first position can take a few minutes, and is found fastest outdoors. Until the watch has a satellite fix, the map shows its last known position marked “last known, no fix”.',
      },
      { kind: 'heading', text: 'Disconnecting a watch' },
      {
        kind: 'paragraph',
        text: 'If you return or replace a watch, choose Disconnect on it under Devices. The watch leaves your household and goes back to the seller as “awaiting return”; its open alarms close and it no longer follows anyone.',
      },
    ],
  },
  {
    slug: 'draw-a-geofence',
    title: 'Draw a geofence',
    summary:
      'A geofence is a safe area on the map, such as home and garden. When the wearer leaves every one of their geofences, you get an “Outside geofence” alarm.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'A geofence is an area you draw on the map: a circle or a polygon (an area with corners). A person is safe while they are inside at least one of their geofences. When they leave all of them, Homeward raises an “Outside geofence” alarm, and it clears by itself when they are back inside.',
      },
      { kind: 'heading', text: 'Draw a geofence for a new citizen' },
      {
        kind: 'steps',
        items: [
          'Open Citizens and choose New citizen. Fill in the first three steps.',
          'In the last step, Geofence, choose Draw a new geofence and give it a name, for example “Home”.',
          'Choose Draw circle and click the centre on the map, then click again to set the radius. Or choose Draw polygon and click the corners; click the first corner again to finish.',
          'Drag the handles to adjust the area, or choose Clear and draw it again.',
          'Choose Finish. The citizen is created with the geofence linked.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'draw-geofence',
        alt: 'The geofence dialog with a circle drawn on the map around a home, and the Draw circle and Draw polygon buttons.',
      },
      { kind: 'heading', text: 'Add or change a geofence later' },
      {
        kind: 'steps',
        items: [
          'Open Geofences in the menu. The list shows every geofence beside a map of them all.',
          'Add a new one, or edit an existing one: name it, draw the area as above and save. Editing replaces the drawn area; the citizens linked to it stay linked.',
          'Open the citizen from Citizens. In the Geofences section, tick the geofences that should keep them safe, and choose Save.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'citizen-geofence',
        alt: 'A citizen’s page: the map with the watch’s position and the geofences, and the list of geofences to tick.',
      },
      { kind: 'heading', text: 'Good to know' },
      {
        kind: 'list',
        items: [
          'Draw the area a little larger than the house and garden. A watch’s position is typically accurate to 5–20 metres, and less accurate indoors.',
          'To avoid false alarms, an exit only counts when the position is outside by more than its accuracy, or when two reports in a row are outside.',
          'Positions without a satellite fix (“last known, no fix”) never move the wearer in or out of a geofence.',
          'A circle can have a radius of up to 50 km. A polygon needs at least 3 corners, and its edges must not cross each other.',
          'You can link several geofences to one person, for example home, a daughter’s house and the day centre.',
        ],
      },
    ],
  },
  {
    slug: 'alarms',
    title: 'What each alarm means and what to do',
    summary:
      'SOS, fall, watch removed, outside geofence, low battery and offline: what each alarm means, who is told, and how to acknowledge and handle it.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'When a watch raises an alarm, everyone signed in who follows the person sees a red banner with a sound, and the first alarm receiver gets an e-mail and a text message. The open alarms are listed on the Dashboard and on the citizen’s page.',
      },
      {
        kind: 'screenshot',
        name: 'dashboard-alarms',
        alt: 'The dashboard with an open SOS alarm in the list of open alarms, with its Acknowledge and Handle buttons.',
      },
      { kind: 'heading', text: 'The alarms' },
      {
        kind: 'terms',
        items: [
          {
            term: 'SOS',
            text: 'The wearer pressed the SOS button. Call them at once, and go or send someone if they do not answer. Every new press alerts again, even if you have acknowledged the alarm.',
          },
          {
            term: 'Fall',
            text: 'The watch detected a fall (when fall detection is on in the citizen’s app settings). Call at once; a person who has fallen may not be able to answer. Like SOS, it alerts again every time.',
          },
          {
            term: 'Watch removed',
            text: 'The watch was taken off the wrist. Check that the person is all right and helped to put it back on. The alarm clears by itself when the watch is worn again.',
          },
          {
            term: 'Outside geofence',
            text: 'The wearer has left all of their geofences. Look at the map on the citizen’s page for the latest position and call them or go there. The alarm clears by itself when they are back inside a geofence.',
          },
          {
            term: 'Low battery',
            text: 'The battery has fallen below the low-battery warning level set for the watch in the citizen’s app settings. Put the watch on its charger soon. The alarm clears by itself once the battery is charged above the level.',
          },
          {
            term: 'Offline',
            text: 'The watch has not reported for a long time (three times its reporting interval; 45 minutes by default). The battery may be flat, the watch switched off, or there is no mobile coverage. Call the person or check the watch. The alarm clears with the next report.',
          },
          {
            term: 'General alarm',
            text: 'The watch raised an alarm of its own without saying which kind. Treat it like an SOS until you know more.',
          },
        ],
      },
      { kind: 'heading', text: 'Acknowledge and handle' },
      {
        kind: 'list',
        items: [
          'Acknowledge means “I am on it”. It tells the others that someone is taking care of it, and it stops the alarm from being passed on to the next receiver.',
          'Handle means “it is over”. Add a note about what was done, if you like. A false alarm can be handled straight away, without acknowledging it first.',
          'Cleared means the condition ended by itself: back inside a geofence, charged, worn again, or reporting again. Nobody needs to do anything about a cleared alarm.',
        ],
      },
      { kind: 'heading', text: 'Who is told, and when' },
      {
        kind: 'paragraph',
        text: 'Alarm receivers are told in the order set on the citizen’s page, under Alarm receivers. The first receiver gets an e-mail and a text message at once. If nobody acknowledges within two minutes, the next receiver is told, and so on down the list.',
      },
      {
        kind: 'paragraph',
        text: 'An alarm that cleared by itself, and comes back later, is a new alarm: it alerts everyone again, with banner, sound and messages. An alarm that keeps going (still outside, still offline) is counted on the same alarm and does not send new messages.',
      },
      {
        kind: 'tip',
        text: 'On the map, a hollow grey marker means “last known, no fix”: the watch reported without a satellite fix (often indoors), so the place shown is where it last had one.',
      },
    ],
  },
  {
    slug: 'charging-and-wearing',
    title: 'Charging and wearing the watch',
    summary:
      'How to keep the battery going, when you get a low-battery alarm, and how to wear the watch so that alarms work.',
    blocks: [
      { kind: 'heading', text: 'Charging' },
      {
        kind: 'list',
        items: [
          'Make charging part of a daily routine, for example while the person has breakfast or a bath, and put the watch back on straight afterwards.',
          'The battery level of each watch is shown under Devices and on the Dashboard.',
          'When the battery falls below the warning level, you get a “Low battery” alarm. It clears by itself when the watch has been charged above the level.',
          'A watch whose battery runs flat stops reporting. After a while it is shown as offline and you get an “Offline” alarm.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'devices-battery',
        alt: 'The list of devices with each watch’s status, battery level and the time it last reported.',
      },
      { kind: 'heading', text: 'Settings that affect the battery' },
      {
        kind: 'paragraph',
        text: 'Open the citizen’s page and find App settings. Each watch has its own:',
      },
      {
        kind: 'terms',
        items: [
          {
            term: 'Position interval',
            text: 'How often the watch reports its position, from 10 seconds to a day. Frequent reports show movement better but empty the battery faster.',
          },
          {
            term: 'Low battery warning (%)',
            text: 'The level below which you get a “Low battery” alarm, from 1 to 100 %. It starts at the watch model’s default. Raise it if you need more time to get the watch charged.',
          },
          {
            term: 'SOS number',
            text: 'The phone number the watch calls when the SOS button is pressed.',
          },
          {
            term: 'Fall detection',
            text: 'Whether the watch raises a “Fall” alarm when it detects a fall.',
          },
        ],
      },
      {
        kind: 'screenshot',
        name: 'app-settings',
        alt: 'The App settings section of a citizen’s page with the position interval, low-battery warning, SOS number and fall detection.',
      },
      { kind: 'heading', text: 'Wearing the watch' },
      {
        kind: 'list',
        items: [
          'Wear the watch snugly on the wrist, with the back against the skin. The watch notices when it is taken off, and then raises a “Watch removed” alarm.',
          'Taking the watch off to charge it also raises “Watch removed”. It clears by itself as soon as the watch is worn again.',
          'Positions are found best outdoors. Indoors the watch may report without a satellite fix; the map then shows “last known, no fix”.',
          'Keep the watch on at night if the person tends to go out at night: a watch on the bedside table cannot raise an “Outside geofence” alarm.',
        ],
      },
    ],
  },
  {
    slug: 'inviting-family',
    title: 'Inviting family',
    summary:
      'Invite family members by e-mail so they can follow along and receive the alarms too, and hand the account over if needed.',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Caring for someone is easier when more people can help. Everyone you invite becomes a member of your household: they get their own login, see the same watches and citizens as you, and can receive the alarms.',
      },
      { kind: 'heading', text: 'Invite someone' },
      {
        kind: 'steps',
        items: [
          'Open Users in the menu and choose Invite.',
          'Type the family member’s e-mail address and choose Send invitation.',
          'They receive an e-mail with a link. The link opens registration, where they choose a user name and a password; they must register with the e-mail address the invitation was sent to.',
          'Once they have registered, they appear in the list as an active member, together with who invited them.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'invite-family',
        alt: 'The Users screen with the household’s members behind the open Invite a family member dialog and an e-mail address typed in.',
      },
      {
        kind: 'list',
        items: [
          'Did the e-mail not arrive? Ask them to look in their spam folder, or resend the invitation from the list.',
          'Invited the wrong address? Delete the invitation; the link then no longer works.',
        ],
      },
      { kind: 'heading', text: 'Let them receive the alarms' },
      {
        kind: 'steps',
        items: [
          'Open the citizen from Citizens and find Alarm receivers.',
          'Choose Add an alarm receiver and pick the family member.',
          'Put the receivers in the order they should be told: the first is told at once, the next after two minutes if nobody has acknowledged. Drag a row, or use the arrows.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'A family member who is an alarm receiver gets the alarms from the moment they have registered: on screen while signed in, and by e-mail and text message.',
      },
      { kind: 'heading', text: 'Handing the account over' },
      {
        kind: 'paragraph',
        text: 'If someone else should take over as the account’s owner, choose Transfer account under Account and pick an active member (someone still invited cannot be chosen). They accept with the link they receive, and then they own the household and its watches. You are signed out and sign in again as a member.',
      },
    ],
  },
  {
    slug: 'privacy',
    title: 'Privacy',
    summary:
      'What Homeward stores about you and the person you care for, who can see it, how long it is kept, and how to delete your account.',
    blocks: [
      { kind: 'heading', text: 'What is stored' },
      {
        kind: 'terms',
        items: [
          {
            term: 'Your account',
            text: 'Your name, user name, e-mail address, phone number and, if you upload one, your picture. Your password is stored only as a one-way hash; nobody can read it, not even us.',
          },
          {
            term: 'The person you care for',
            text: 'Name, address and, if you enter it, the CPR number. The CPR number is stored encrypted and is shown masked in lists.',
          },
          {
            term: 'Positions',
            text: 'The positions the watch reports, with the time and accuracy. They are deleted automatically after 90 days.',
          },
          {
            term: 'Watch status',
            text: 'Battery level, whether the watch is online, and when it last reported.',
          },
          {
            term: 'Alarms',
            text: 'Each alarm with its history: when it was raised, who acknowledged and handled it, and any note.',
          },
          {
            term: 'Logs',
            text: 'A record of changes (who changed what, and when) and of sign-ins, to keep the account safe. You can see your own sign-in activity under Account.',
          },
        ],
      },
      {
        kind: 'paragraph',
        text: 'Voice messages a watch may send are not kept.',
      },
      { kind: 'heading', text: 'Who can see it' },
      {
        kind: 'list',
        items: [
          'You, and the members of your household: the family you have invited.',
          'Nobody else: each household is kept apart from every other household and organization, and the database itself enforces it.',
          'Our support staff can find your household, its owner and its watches when they help you.',
        ],
      },
      {
        kind: 'screenshot',
        name: 'account',
        alt: 'The Account screen with the profile details.',
      },
      { kind: 'heading', text: 'Delete your account' },
      {
        kind: 'steps',
        items: [
          'Open Account from the menu.',
          'Choose Delete account and confirm.',
          'Your personal data is erased, and you are signed out on every device.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Records the law requires us to keep for bookkeeping, such as invoices, are kept. If you want the account to live on, transfer it to a family member first (see “Inviting family”).',
      },
      {
        kind: 'tip',
        text: 'The full privacy policy is linked at the bottom of the menu.',
      },
    ],
  },
];
