/**
 * The text of every API error code, per language. The server writes `detail` in the request's
 * language from this table and the web app shows it in the interface language; `{name}` takes the
 * value of that name from the error's `meta`. Add a code here when a route starts to produce it:
 * a test walks the server source and fails on a code without en, nl and ro text.
 *
 * English is the language the server's code writes `detail` in, so an English reader keeps that
 * (often more precise) text; other languages get the code's text.
 */
import { DEFAULT_LANGUAGE, type Locale } from '../constants';
import type { MessageParams } from './catalog';

type ErrorTexts = Record<Locale, string>;

export const ERROR_MESSAGES = {
  // Requests and transport
  BAD_REQUEST: {
    en: 'The request could not be handled.',
    nl: 'Het verzoek kon niet worden verwerkt.',
    ro: 'Cererea nu a putut fi procesată.',
  },
  CLIENT_ERROR: {
    en: 'The request was refused.',
    nl: 'Het verzoek is geweigerd.',
    ro: 'Cererea a fost refuzată.',
  },
  MALFORMED_JSON: {
    en: 'The request body is not valid JSON.',
    nl: 'De inhoud van het verzoek is geen geldige JSON.',
    ro: 'Conținutul cererii nu este JSON valid.',
  },
  MALFORMED_MULTIPART: {
    en: 'The uploaded form could not be read.',
    nl: 'Het verzonden formulier kon niet worden gelezen.',
    ro: 'Formularul trimis nu a putut fi citit.',
  },
  INVALID_DOCUMENT: {
    en: 'The request body is not a JSON:API document this address can read.',
    nl: 'De inhoud van het verzoek is geen JSON:API-document dat dit adres kan lezen.',
    ro: 'Conținutul cererii nu este un document JSON:API pe care această adresă îl poate citi.',
  },
  TYPE_MISMATCH: {
    en: 'This address writes another type of resource.',
    nl: 'Dit adres schrijft een ander soort resource.',
    ro: 'Această adresă scrie un alt tip de resursă.',
  },
  ID_MISMATCH: {
    en: 'The id in the request body is not the id in the address.',
    nl: 'De id in het verzoek is niet de id in het adres.',
    ro: 'Id-ul din cerere nu este id-ul din adresă.',
  },
  CLIENT_ID_UNSUPPORTED: {
    en: 'The server gives a new resource its id; send it without one.',
    nl: 'De server geeft een nieuwe resource zijn id; stuur hem zonder.',
    ro: 'Serverul dă unei resurse noi id-ul ei; trimite-o fără id.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'This kind of request body is not accepted; send {accepted}.',
    nl: 'Dit soort inhoud wordt niet geaccepteerd; stuur {accepted}.',
    ro: 'Acest tip de conținut nu este acceptat; trimite {accepted}.',
  },
  PAYLOAD_TOO_LARGE: {
    en: 'The request body is too large.',
    nl: 'De inhoud van het verzoek is te groot.',
    ro: 'Conținutul cererii este prea mare.',
  },
  BAD_CONTENT_LENGTH: {
    en: 'The Content-Length header does not match the body.',
    nl: 'De Content-Length-header klopt niet met de inhoud.',
    ro: 'Antetul Content-Length nu corespunde conținutului.',
  },
  BAD_URL: {
    en: 'The address is not valid.',
    nl: 'Het adres is niet geldig.',
    ro: 'Adresa nu este validă.',
  },
  BAD_IDEMPOTENCY_KEY: {
    en: 'The Idempotency-Key header is not valid.',
    nl: 'De Idempotency-Key-header is niet geldig.',
    ro: 'Antetul Idempotency-Key nu este valid.',
  },
  NUL_CHARACTER: {
    en: 'The request contains a character that is not allowed.',
    nl: 'Het verzoek bevat een teken dat niet is toegestaan.',
    ro: 'Cererea conține un caracter nepermis.',
  },
  INVALID_PARAMETER: {
    en: 'A parameter of the address is not valid.',
    nl: 'Een parameter in het adres is niet geldig.',
    ro: 'Un parametru din adresă nu este valid.',
  },
  INVALID_INCLUDE: {
    en: 'The include parameter names an unknown relationship.',
    nl: 'De include-parameter noemt een onbekende relatie.',
    ro: 'Parametrul include numește o relație necunoscută.',
  },
  INVALID_FIELDS: {
    en: 'The fields parameter names an unknown field.',
    nl: 'De fields-parameter noemt een onbekend veld.',
    ro: 'Parametrul fields numește un câmp necunoscut.',
  },
  INVALID_SORT: {
    en: 'This list cannot be sorted that way.',
    nl: 'Deze lijst kan niet zo worden gesorteerd.',
    ro: 'Această listă nu poate fi sortată astfel.',
  },
  INVALID_DATE: {
    en: 'Enter a date that exists, with a year from 1900 to 9999.',
    nl: 'Vul een bestaande datum in, met een jaar van 1900 tot en met 9999.',
    ro: 'Introdu o dată care există, cu un an între 1900 și 9999.',
  },
  UNKNOWN_PARAMETER: {
    en: 'The address has a parameter this request does not take.',
    nl: 'Het adres bevat een parameter die dit verzoek niet kent.',
    ro: 'Adresa conține un parametru pe care această cerere nu îl acceptă.',
  },
  METHOD_NOT_ALLOWED: {
    en: 'This address does not take this kind of request.',
    nl: 'Dit adres accepteert dit soort verzoek niet.',
    ro: 'Această adresă nu acceptă acest tip de cerere.',
  },
  INVALID_VALUE: {
    en: 'A value in the request cannot be stored or looked up.',
    nl: 'Een waarde in het verzoek kan niet worden opgeslagen of opgezocht.',
    ro: 'O valoare din cerere nu poate fi salvată sau căutată.',
  },
  UNKNOWN_PORTAL: {
    en: 'No portal is served at this address.',
    nl: 'Op dit adres staat geen portaal.',
    ro: 'La această adresă nu există niciun portal.',
  },
  CSRF: {
    en: 'This request was refused to protect your account. Reload the page and try again.',
    nl: 'Dit verzoek is geweigerd om je account te beschermen. Laad de pagina opnieuw en probeer het nog eens.',
    ro: 'Cererea a fost refuzată pentru a-ți proteja contul. Reîncarcă pagina și încearcă din nou.',
  },

  // Access
  UNAUTHENTICATED: {
    en: 'Sign in to continue.',
    nl: 'Log in om verder te gaan.',
    ro: 'Autentifică-te pentru a continua.',
  },
  PAYMENT_REQUIRED: {
    en: 'An active subscription is needed for this.',
    nl: 'Hiervoor is een actief abonnement nodig.',
    ro: 'Pentru aceasta este nevoie de un abonament activ.',
  },
  FORBIDDEN: {
    en: 'You may not do this.',
    nl: 'Je mag dit niet doen.',
    ro: 'Nu ai voie să faci acest lucru.',
  },
  TOKEN_SCOPE: {
    en: "This API token's scopes do not allow this.",
    nl: 'De rechten van deze API-sleutel staan dit niet toe.',
    ro: 'Drepturile acestui token API nu permit acest lucru.',
  },
  FEATURE_DISABLED: {
    en: 'This feature is not enabled for this portal.',
    nl: 'Deze functie staat niet aan voor dit portaal.',
    ro: 'Această funcție nu este activată pentru acest portal.',
  },
  NOT_FOUND: {
    en: 'This does not exist.',
    nl: 'Dit bestaat niet.',
    ro: 'Acest lucru nu există.',
  },
  TOO_MANY_ATTEMPTS: {
    en: 'Too many attempts. Try again in {minutes} minute(s).',
    nl: 'Te veel pogingen. Probeer het over {minutes} minuut/minuten opnieuw.',
    ro: 'Prea multe încercări. Încearcă din nou peste {minutes} minut(e).',
  },
  INVALID_CREDENTIALS: {
    en: 'The e-mail address or password is not correct.',
    nl: 'Het e-mailadres of wachtwoord klopt niet.',
    ro: 'Adresa de e-mail sau parola nu este corectă.',
  },
  INVALID_TOKEN: {
    en: 'This link is invalid, has been used or has expired.',
    nl: 'Deze link is ongeldig, al gebruikt of verlopen.',
    ro: 'Acest link este invalid, a fost deja folosit sau a expirat.',
  },
  ALREADY_ACTING: {
    en: 'Stop acting as the current account first.',
    nl: 'Stop eerst met handelen als het huidige account.',
    ro: 'Oprește mai întâi acționarea în numele contului curent.',
  },
  ACTING_FORBIDDEN: {
    en: 'While acting as someone you cannot change their password, e-mail address or sign-in settings.',
    nl: 'Terwijl je als iemand anders handelt, kun je diens wachtwoord, e-mailadres of inloginstellingen niet wijzigen.',
    ro: 'Cât timp acționezi în numele cuiva, nu îi poți schimba parola, adresa de e-mail sau setările de autentificare.',
  },
  ROLE_NOT_GRANTABLE: {
    en: 'You may not give or take away this role.',
    nl: 'Je mag deze rol niet toekennen of afnemen.',
    ro: 'Nu ai voie să acorzi sau să retragi acest rol.',
  },

  // Input
  VALIDATION_FAILED: {
    en: 'This value is not valid.',
    nl: 'Deze waarde is niet geldig.',
    ro: 'Această valoare nu este validă.',
  },
  REQUIRED: {
    en: 'This field is required.',
    nl: 'Dit veld is verplicht.',
    ro: 'Acest câmp este obligatoriu.',
  },
  TOO_SHORT: {
    en: 'This is too short (at least {minimum}).',
    nl: 'Dit is te kort (minimaal {minimum}).',
    ro: 'Valoarea este prea scurtă (cel puțin {minimum}).',
  },
  TOO_LONG: {
    en: 'This is too long (at most {maximum}).',
    nl: 'Dit is te lang (maximaal {maximum}).',
    ro: 'Valoarea este prea lungă (cel mult {maximum}).',
  },
  INVALID_FORMAT: {
    en: 'This does not have the required format.',
    nl: 'Dit heeft niet het vereiste formaat.',
    ro: 'Valoarea nu are formatul cerut.',
  },
  INVALID_CHOICE: {
    en: 'Choose one of the allowed values.',
    nl: 'Kies een van de toegestane waarden.',
    ro: 'Alege una dintre valorile permise.',
  },
  INVALID_TYPE: {
    en: 'This value has the wrong type.',
    nl: 'Deze waarde heeft het verkeerde type.',
    ro: 'Această valoare are un tip greșit.',
  },
  TAKEN: {
    en: 'This name is already in use.',
    nl: 'Deze naam is al in gebruik.',
    ro: 'Acest nume este deja folosit.',
  },
  EMAIL_TAKEN: {
    en: 'An account with this e-mail address already exists.',
    nl: 'Er bestaat al een account met dit e-mailadres.',
    ro: 'Există deja un cont cu această adresă de e-mail.',
  },
  INVALID_LINE: {
    en: 'Line {line} cannot be read.',
    nl: 'Regel {line} kan niet worden gelezen.',
    ro: 'Rândul {line} nu poate fi citit.',
  },
  INVALID_ITEM: {
    en: 'The item {item} cannot be read: {reason}',
    nl: 'Het item {item} kan niet worden gelezen: {reason}',
    ro: 'Itemul {item} nu poate fi citit: {reason}',
  },
  VIDEO_URL_REQUIRED: {
    en: 'A video needs its address.',
    nl: 'Een video heeft een adres nodig.',
    ro: 'Un videoclip are nevoie de o adresă.',
  },
  FILE_REQUIRED: {
    en: 'Upload a file for this learning object.',
    nl: 'Upload een bestand voor dit onderdeel.',
    ro: 'Încarcă un fișier pentru acest material.',
  },
  COVER_NOT_IMAGE: {
    en: 'A cover must be a PNG, JPEG, GIF, WebP or AVIF image.',
    nl: 'Een omslag moet een PNG-, JPEG-, GIF-, WebP- of AVIF-afbeelding zijn.',
    ro: 'O copertă trebuie să fie o imagine PNG, JPEG, GIF, WebP sau AVIF.',
  },
  CHOOSE_ONE_OPTION: {
    en: 'Choose one option.',
    nl: 'Kies één optie.',
    ro: 'Alege o singură opțiune.',
  },
  VIDEO_URL_UNSUPPORTED: {
    en: 'Use a YouTube or Vimeo address, or an https link to an .mp4 or .webm file.',
    nl: 'Gebruik een YouTube- of Vimeo-adres, of een https-link naar een .mp4- of .webm-bestand.',
    ro: 'Folosește o adresă YouTube sau Vimeo ori un link https către un fișier .mp4 sau .webm.',
  },

  // Files
  FILE_TOO_LARGE: {
    en: 'This file is too large.',
    nl: 'Dit bestand is te groot.',
    ro: 'Acest fișier este prea mare.',
  },
  FILE_MISSING: {
    en: 'Choose a file to upload.',
    nl: 'Kies een bestand om te uploaden.',
    ro: 'Alege un fișier de încărcat.',
  },
  ONE_FILE_PER_REQUEST: {
    en: 'Send one file per request.',
    nl: 'Stuur één bestand per verzoek.',
    ro: 'Trimite un singur fișier per cerere.',
  },
  FILE_IN_USE: {
    en: 'This file is still used; remove it where it is used before deleting it.',
    nl: 'Dit bestand wordt nog gebruikt; haal het eerst weg waar het gebruikt wordt.',
    ro: 'Acest fișier este încă folosit; elimină-l mai întâi de unde este folosit.',
  },
  QUOTA_EXCEEDED: {
    en: 'The storage space of this portal is full.',
    nl: 'De opslagruimte van dit portaal is vol.',
    ro: 'Spațiul de stocare al acestui portal este plin.',
  },

  // Learning
  SCORM_ZIP_UNREADABLE: {
    en: 'This upload is not a zip file that can be read.',
    nl: 'Deze upload is geen leesbaar zipbestand.',
    ro: 'Acest fișier încărcat nu este o arhivă zip care poate fi citită.',
  },
  SCORM_MANIFEST_MISSING: {
    en: 'The zip has no imsmanifest.xml at its top level: is it a SCORM package?',
    nl: 'De zip heeft geen imsmanifest.xml in de hoofdmap: is het wel een SCORM-pakket?',
    ro: 'Arhiva nu are imsmanifest.xml la primul nivel: este un pachet SCORM?',
  },
  SCORM_MANIFEST_MALFORMED: {
    en: 'imsmanifest.xml is not well-formed XML (line {line}).',
    nl: 'imsmanifest.xml is geen geldige XML (regel {line}).',
    ro: 'imsmanifest.xml nu este XML corect (linia {line}).',
  },
  SCORM_MANIFEST_INVALID: {
    en: 'imsmanifest.xml has nothing to play (line {line}).',
    nl: 'imsmanifest.xml bevat niets om af te spelen (regel {line}).',
    ro: 'imsmanifest.xml nu conține nimic de redat (linia {line}).',
  },
  SCORM_VERSION_UNKNOWN: {
    en: 'The manifest says neither SCORM 1.2 nor SCORM 2004 (line {line}).',
    nl: 'Het manifest noemt geen SCORM 1.2 en geen SCORM 2004 (regel {line}).',
    ro: 'Manifestul nu indică nici SCORM 1.2, nici SCORM 2004 (linia {line}).',
  },
  SCORM_UNKNOWN_RESOURCE: {
    en: 'An item points to the resource "{identifier}", which the manifest does not list (line {line}).',
    nl: 'Een onderdeel verwijst naar de resource "{identifier}", die het manifest niet noemt (regel {line}).',
    ro: 'Un element trimite la resursa „{identifier}”, pe care manifestul nu o listează (linia {line}).',
  },
  SCORM_LAUNCH_FILE_MISSING: {
    en: 'The launch file {path} is not in the zip (line {line}).',
    nl: 'Het startbestand {path} staat niet in de zip (regel {line}).',
    ro: 'Fișierul de pornire {path} nu se află în arhivă (linia {line}).',
  },
  SCORM_UNSAFE_PATH: {
    en: 'The package holds a path that leaves the package: {path}.',
    nl: 'Het pakket bevat een pad dat buiten het pakket wijst: {path}.',
    ro: 'Pachetul conține o cale care iese din pachet: {path}.',
  },
  SCORM_ZIP_BOMB: {
    en: 'The package unpacks to too much ({limit} at most).',
    nl: 'Het pakket pakt uit tot te veel ({limit} hooguit).',
    ro: 'Pachetul se dezarhivează în prea mult (cel mult {limit}).',
  },
  SCORM_PACKAGE_TOO_LARGE: {
    en: 'This package is too large.',
    nl: 'Dit pakket is te groot.',
    ro: 'Acest pachet este prea mare.',
  },
  SCORM_PACKAGE_MISSING: {
    en: 'This learning object has no SCORM package yet.',
    nl: 'Dit leeronderdeel heeft nog geen SCORM-pakket.',
    ro: 'Acest obiect de învățare nu are încă un pachet SCORM.',
  },
  SCORM_UNKNOWN_SCO: {
    en: 'This package has no SCO "{identifier}".',
    nl: 'Dit pakket heeft geen SCO "{identifier}".',
    ro: 'Acest pachet nu are SCO-ul „{identifier}”.',
  },
  SCORM_SUSPEND_DATA_TOO_LONG: {
    en: 'suspend_data may hold at most {limit} characters.',
    nl: 'suspend_data mag hooguit {limit} tekens bevatten.',
    ro: 'suspend_data poate avea cel mult {limit} caractere.',
  },
  NOT_A_CMI5_OBJECT: {
    en: 'Only a cmi5 learning object takes a cmi5 course.',
    nl: 'Alleen een cmi5-leeronderdeel kan een cmi5-cursus krijgen.',
    ro: 'Doar un obiect de învățare cmi5 poate primi un curs cmi5.',
  },
  CMI5_XML_MISSING: {
    en: 'The zip has no cmi5.xml at its top level: is it a cmi5 course?',
    nl: 'De zip heeft geen cmi5.xml in de hoofdmap: is het wel een cmi5-cursus?',
    ro: 'Arhiva nu are cmi5.xml la primul nivel: este un curs cmi5?',
  },
  CMI5_XML_MALFORMED: {
    en: 'cmi5.xml is not well-formed XML (line {line}).',
    nl: 'cmi5.xml is geen geldige XML (regel {line}).',
    ro: 'cmi5.xml nu este XML corect (linia {line}).',
  },
  CMI5_COURSE_INVALID: {
    en: 'cmi5.xml {reason} (line {line}).',
    nl: 'cmi5.xml klopt niet: {reason} (regel {line}).',
    ro: 'cmi5.xml nu este corect: {reason} (linia {line}).',
  },
  CMI5_AU_FILE_MISSING: {
    en: 'An AU launches {path}, which is not in the package (line {line}).',
    nl: 'Een AU start {path}, maar dat staat niet in het pakket (regel {line}).',
    ro: 'Un AU pornește {path}, care nu se află în pachet (linia {line}).',
  },
  CMI5_PACKAGE_MISSING: {
    en: 'This learning object has no cmi5 course yet.',
    nl: 'Dit leeronderdeel heeft nog geen cmi5-cursus.',
    ro: 'Acest obiect de învățare nu are încă un curs cmi5.',
  },
  CMI5_UNKNOWN_AU: {
    en: 'This cmi5 course has no such AU.',
    nl: 'Deze cmi5-cursus heeft geen zo’n AU.',
    ro: 'Acest curs cmi5 nu are un astfel de AU.',
  },
  LTI_LINK_MISSING: {
    en: 'This learning object is not linked to an LTI tool yet.',
    nl: 'Dit leeronderdeel is nog niet aan een LTI-tool gekoppeld.',
    ro: 'Acest obiect de învățare nu este încă legat de un instrument LTI.',
  },
  LTI_REMOTE_REFUSED: {
    en: 'This address cannot be reached from here: {reason}',
    nl: 'Dit adres is van hieruit niet bereikbaar: {reason}',
    ro: 'Această adresă nu poate fi accesată de aici: {reason}',
  },
  NOT_AN_LTI_OBJECT: {
    en: 'Only an LTI learning object links to a tool.',
    nl: 'Alleen een LTI-leeronderdeel kan aan een tool worden gekoppeld.',
    ro: 'Doar un obiect de învățare LTI poate fi legat de un instrument.',
  },
  LTI_TOOL_UNKNOWN: {
    en: 'No such LTI tool.',
    nl: 'Deze LTI-tool bestaat niet.',
    ro: 'Acest instrument LTI nu există.',
  },
  LTI_DEEP_LINKING_NOT_GRANTED: {
    en: 'This tool is not granted deep linking.',
    nl: 'Deze tool mag geen inhoud toevoegen (deep linking is niet toegestaan).',
    ro: 'Acest instrument nu are permisiunea de deep linking.',
  },
  LTI_TOOL_NOT_ACTIVE: {
    en: 'This LTI tool is not approved yet or is switched off.',
    nl: 'Deze LTI-tool is nog niet goedgekeurd of staat uit.',
    ro: 'Acest instrument LTI nu este încă aprobat sau este dezactivat.',
  },
  LTI_TOOL_KEY_MISSING: {
    en: "Give the tool's key set address or its public key.",
    nl: 'Geef het adres van de sleutelset van de tool of zijn publieke sleutel.',
    ro: 'Indică adresa setului de chei al instrumentului sau cheia sa publică.',
  },
  LTI_TOOL_KEY_INVALID: {
    en: 'The public key must be a public RSA JSON Web Key.',
    nl: 'De publieke sleutel moet een publieke RSA JSON Web Key zijn.',
    ro: 'Cheia publică trebuie să fie o cheie JSON Web Key RSA publică.',
  },
  NOT_A_SCORM_OBJECT: {
    en: 'Only a SCORM learning object takes a package.',
    nl: 'Alleen een SCORM-leeronderdeel kan een pakket krijgen.',
    ro: 'Doar un obiect de învățare SCORM poate primi un pachet.',
  },
  NOT_ENROLLED: {
    en: 'Enrol in this course to open its learning objects.',
    nl: 'Schrijf je in voor deze cursus om de onderdelen te openen.',
    ro: 'Înscrie-te la acest curs pentru a-i deschide materialele.',
  },
  COURSE_NOT_OPEN: {
    en: 'Only published courses take enrolments.',
    nl: 'Je kunt je alleen inschrijven voor gepubliceerde cursussen.',
    ro: 'Te poți înscrie doar la cursuri publicate.',
  },
  COURSE_HAS_ENROLLMENTS: {
    en: 'Students are enrolled in this course. Archive it instead of deleting it.',
    nl: 'Er zijn studenten ingeschreven voor deze cursus. Archiveer de cursus in plaats van hem te verwijderen.',
    ro: 'Există studenți înscriși la acest curs. Arhivează-l în loc să-l ștergi.',
  },
  GROUP_SUBMISSION_DISABLED: {
    en: 'This assignment is handed in alone.',
    nl: 'Deze opdracht lever je alleen in.',
    ro: 'Această temă se predă individual.',
  },
  ANSWER_TEXT_REQUIRED: {
    en: 'Write your answer before handing it in.',
    nl: 'Schrijf je antwoord voordat je het inlevert.',
    ro: 'Scrie răspunsul înainte de a-l preda.',
  },
  ANSWER_FILE_REQUIRED: {
    en: 'Add your file before handing it in.',
    nl: 'Voeg je bestand toe voordat je het inlevert.',
    ro: 'Adaugă fișierul înainte de a-l preda.',
  },
  ANSWER_EXISTS: {
    en: 'You already have an answer for this assignment; you cannot join another one.',
    nl: 'Je hebt al een antwoord voor deze opdracht; je kunt niet bij een ander aansluiten.',
    ro: 'Ai deja un răspuns la această temă; nu te poți alătura altuia.',
  },
  ANSWER_REVIEWED: {
    en: 'This group answer has already been approved; it takes no new members.',
    nl: 'Dit groepsantwoord is al goedgekeurd; er kunnen geen leden meer bij.',
    ro: 'Acest răspuns de grup a fost deja aprobat; nu mai primește membri noi.',
  },
  ANSWER_SUBMITTED: {
    en: 'This answer has been handed in; it can change again if your coach asks for a revision.',
    nl: 'Dit antwoord is ingeleverd; je kunt het weer wijzigen als je coach om een herziening vraagt.',
    ro: 'Acest răspuns a fost predat; îl poți modifica din nou dacă coach-ul cere o revizuire.',
  },
  ANSWER_NOT_SUBMITTED: {
    en: 'Only handed-in answers are reviewed.',
    nl: 'Alleen ingeleverde antwoorden worden beoordeeld.',
    ro: 'Doar răspunsurile predate sunt evaluate.',
  },
  ATTEMPTS_EXHAUSTED: {
    en: 'You have used every attempt at this quiz.',
    nl: 'Je hebt al je pogingen voor deze toets gebruikt.',
    ro: 'Ai folosit toate încercările la acest test.',
  },
  QUIZ_EMPTY: {
    en: 'This quiz has no questions yet.',
    nl: 'Deze toets heeft nog geen vragen.',
    ro: 'Acest test nu are încă întrebări.',
  },
  ATTEMPT_SUBMITTED: {
    en: 'This attempt was already submitted.',
    nl: 'Deze poging is al ingeleverd.',
    ro: 'Această încercare a fost deja trimisă.',
  },
  ATTEMPT_TIME_UP: {
    en: "This attempt's time limit has passed; it was handed in with the answers saved in time.",
    nl: 'De tijd voor deze poging is om; ze is ingeleverd met de antwoorden die op tijd bewaard waren.',
    ro: 'Timpul acestei încercări a expirat; a fost trimisă cu răspunsurile salvate la timp.',
  },
  ALREADY_UPVOTED: {
    en: 'You already upvoted this idea.',
    nl: 'Je hebt al op dit idee gestemd.',
    ro: 'Ai votat deja această idee.',
  },
  ALREADY_REVOKED: {
    en: 'This certificate is already revoked.',
    nl: 'Dit certificaat is al ingetrokken.',
    ro: 'Acest certificat este deja revocat.',
  },
  TOO_MANY_STREAMS: {
    en: 'Too many notification streams are open; close a tab.',
    nl: 'Er staan te veel meldingsstromen open; sluit een tabblad.',
    ro: 'Sunt deschise prea multe fluxuri de notificări; închide o filă.',
  },

  // Commerce
  PROMOTION_NOT_USABLE: {
    en: 'This promotion code cannot be used.',
    nl: 'Deze kortingscode kan niet worden gebruikt.',
    ro: 'Acest cod promoțional nu poate fi folosit.',
  },
  'PROMOTION_NOT_USABLE.unknown': {
    en: 'This promotion code does not exist.',
    nl: 'Deze kortingscode bestaat niet.',
    ro: 'Acest cod promoțional nu există.',
  },
  'PROMOTION_NOT_USABLE.not_started': {
    en: 'This promotion code is not valid yet.',
    nl: 'Deze kortingscode is nog niet geldig.',
    ro: 'Acest cod promoțional nu este încă valabil.',
  },
  'PROMOTION_NOT_USABLE.expired': {
    en: 'This promotion code has expired.',
    nl: 'Deze kortingscode is verlopen.',
    ro: 'Acest cod promoțional a expirat.',
  },
  'PROMOTION_NOT_USABLE.used_up': {
    en: 'This promotion code has been used up.',
    nl: 'Deze kortingscode is op.',
    ro: 'Acest cod promoțional a fost epuizat.',
  },
  'PROMOTION_NOT_USABLE.used_by_account': {
    en: 'You have already used this promotion code.',
    nl: 'Je hebt deze kortingscode al gebruikt.',
    ro: 'Ai folosit deja acest cod promoțional.',
  },
  'PROMOTION_NOT_USABLE.not_applicable': {
    en: 'This promotion code does not apply to these products.',
    nl: 'Deze kortingscode geldt niet voor deze producten.',
    ro: 'Acest cod promoțional nu se aplică acestor produse.',
  },
  PAYMENT_PROVIDER_FAILED: {
    en: 'The payment provider did not answer; try again in a moment.',
    nl: 'De betaalprovider antwoordde niet; probeer het zo nog eens.',
    ro: 'Furnizorul de plăți nu a răspuns; încearcă din nou peste puțin timp.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    en: 'The signature of this event does not match.',
    nl: 'De handtekening van dit bericht klopt niet.',
    ro: 'Semnătura acestui eveniment nu se potrivește.',
  },
  PROVIDER_SECRET_KEY_INVALID: {
    en: 'Enter the secret key from the Stripe dashboard (sk_live_… or sk_test_…).',
    nl: 'Vul de geheime sleutel uit het Stripe-dashboard in (sk_live_… of sk_test_…).',
    ro: 'Introdu cheia secretă din panoul Stripe (sk_live_… sau sk_test_…).',
  },
  PROVIDER_WEBHOOK_SECRET_INVALID: {
    en: "Enter the webhook endpoint's signing secret (whsec_…).",
    nl: 'Vul het ondertekeningsgeheim van het webhook-eindpunt in (whsec_…).',
    ro: 'Introdu secretul de semnare al endpoint-ului webhook (whsec_…).',
  },
  PROMOTION_CURRENCY_MISMATCH: {
    en: 'A fixed amount must be in the currency of the products it applies to.',
    nl: 'Een vast bedrag moet in de valuta van de producten zijn waarvoor het geldt.',
    ro: 'O sumă fixă trebuie să fie în moneda produselor cărora li se aplică.',
  },
  CURRENCY_UNKNOWN: {
    en: 'Enter a known currency code, such as EUR.',
    nl: 'Vul een bekende valutacode in, zoals EUR.',
    ro: 'Introdu un cod de monedă cunoscut, de exemplu EUR.',
  },
  ORDER_NOT_PAYABLE: {
    en: 'This order cannot be paid.',
    nl: 'Deze bestelling kan niet worden betaald.',
    ro: 'Această comandă nu poate fi plătită.',
  },
  ORDER_NOT_REFUNDABLE: {
    en: 'Only a paid order can be refunded.',
    nl: 'Alleen een betaalde bestelling kan worden terugbetaald.',
    ro: 'Doar o comandă plătită poate fi rambursată.',
  },
  SUBSCRIPTION_STATE: {
    en: 'This subscription cannot be changed in its current state.',
    nl: 'Dit abonnement kan in de huidige status niet worden gewijzigd.',
    ro: 'Acest abonament nu poate fi modificat în starea actuală.',
  },

  // Server side
  CONFLICT: {
    en: 'This was changed at the same time. Please try again.',
    nl: 'Dit is tegelijk door iemand anders gewijzigd. Probeer het opnieuw.',
    ro: 'Aceasta a fost modificată în același timp. Încearcă din nou.',
  },
  RETRY: {
    en: 'Please try again.',
    nl: 'Probeer het opnieuw.',
    ro: 'Încearcă din nou.',
  },
  SIGN_IN_BUSY: {
    en: 'Many people are signing in at this moment. Please try again in a few seconds.',
    nl: 'Er melden zich op dit moment veel mensen aan. Probeer het over een paar seconden opnieuw.',
    ro: 'Multe persoane se conectează în acest moment. Încearcă din nou peste câteva secunde.',
  },
  DATABASE_UNAVAILABLE: {
    en: 'The database is not reachable for a moment. Please try again.',
    nl: 'De database is even niet bereikbaar. Probeer het opnieuw.',
    ro: 'Baza de date nu este accesibilă pentru moment. Încearcă din nou.',
  },
  INTERNAL_ERROR: {
    en: 'We failed to handle your request. Apologies for the inconvenience.',
    nl: 'Het is niet gelukt je verzoek af te handelen. Excuses voor het ongemak.',
    ro: 'Nu am reușit să procesăm cererea. Ne cerem scuze pentru neplăcere.',
  },
  NO_RESPONSE: {
    en: 'No answer came from the server. Check your connection and try again.',
    nl: 'De server gaf geen antwoord. Controleer je verbinding en probeer het opnieuw.',
    ro: 'Serverul nu a răspuns. Verifică-ți conexiunea și încearcă din nou.',
  },
  // Agreements, announcements, tickets
  ACTING_CANNOT_ACCEPT: {
    en: 'Terms are accepted by the account holder, not while acting as them.',
    nl: 'Voorwaarden accepteert de eigenaar van het account zelf, niet iemand die namens hem handelt.',
    ro: 'Termenii sunt acceptați de titularul contului, nu de cineva care acționează în numele lui.',
  },
  NO_AGREEMENT_VERSION: {
    en: 'There is no version yet to add a language to; publish a new version.',
    nl: 'Er is nog geen versie om een taal aan toe te voegen; publiceer een nieuwe versie.',
    ro: 'Nu există încă o versiune la care să adaugi o limbă; publică o versiune nouă.',
  },
  AGREEMENT_SUPERSEDED: {
    en: 'A newer version of these terms was published; accept that one.',
    nl: 'Er is een nieuwere versie van deze voorwaarden gepubliceerd; accepteer die.',
    ro: 'A fost publicată o versiune mai nouă a acestor termeni; accept-o pe aceea.',
  },
  WINDOW_ENDS_BEFORE_START: {
    en: 'The publish window must end after it starts.',
    nl: 'De publicatieperiode moet eindigen na het begin.',
    ro: 'Perioada de publicare trebuie să se încheie după ce începe.',
  },
  INVALID_FILTER: {
    en: 'This filter value is not valid.',
    nl: 'Deze filterwaarde is niet geldig.',
    ro: 'Această valoare de filtrare nu este validă.',
  },
  UNKNOWN_COURSE: {
    en: 'This course does not exist in the portal.',
    nl: 'Deze cursus bestaat niet in dit portaal.',
    ro: 'Acest curs nu există în portal.',
  },
  TICKET_CLOSED: {
    en: 'This ticket is closed; the student can reopen it.',
    nl: 'Deze vraag is gesloten; de student kan haar heropenen.',
    ro: 'Această întrebare este închisă; studentul o poate redeschide.',
  },
  NO_MANDATE: {
    en: 'You hold no mandate to decide requests for this course.',
    nl: 'Je hebt geen mandaat om aanvragen voor deze cursus te beoordelen.',
    ro: 'Nu ai mandat să decizi cererile pentru acest curs.',
  },
  ALREADY_DECIDED: {
    en: 'This request has already been decided.',
    nl: 'Over deze aanvraag is al beslist.',
    ro: 'Această cerere a fost deja decisă.',
  },
  APPROVAL_NOT_REQUIRED: {
    en: 'This course does not require approval; enrol directly.',
    nl: 'Voor deze cursus is geen goedkeuring nodig; schrijf je direct in.',
    ro: 'Acest curs nu necesită aprobare; înscrie-te direct.',
  },
  ALREADY_ENROLLED: {
    en: 'You are already enrolled in this course.',
    nl: 'Je bent al ingeschreven voor deze cursus.',
    ro: 'Ești deja înscris la acest curs.',
  },
  NOT_A_COACH: {
    en: 'This account is not a coach of this portal.',
    nl: 'Dit account is geen coach van dit portaal.',
    ro: 'Acest cont nu este coach pe acest portal.',
  },
  MANDATE_EXISTS: {
    en: 'This coach already holds a mandate; change that one instead.',
    nl: 'Deze coach heeft al een mandaat; wijzig dat mandaat.',
    ro: 'Acest coach are deja un mandat; modifică-l pe acela.',
  },
  TRANSITION_NOT_ALLOWED: {
    en: 'This change of state is not allowed.',
    nl: 'Deze statuswijziging is niet toegestaan.',
    ro: 'Această schimbare de stare nu este permisă.',
  },
  // Account import
  CSV_ENCODING: {
    en: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
    nl: 'Het bestand is geen UTF-8-tekst. Sla het op als "CSV UTF-8" en upload het opnieuw.',
    ro: 'Fișierul nu este text UTF-8. Salvează-l ca „CSV UTF-8” și încarcă-l din nou.',
  },
  CSV_NO_HEADER: {
    en: 'The first line must name the columns (for example email, full_name, roles, locale).',
    nl: 'De eerste regel moet de kolommen benoemen (bijvoorbeeld email, full_name, roles, locale).',
    ro: 'Prima linie trebuie să numească coloanele (de exemplu email, full_name, roles, locale).',
  },
  COLUMN_NOT_FOUND: {
    en: 'The file has no column "{column}".',
    nl: 'Het bestand heeft geen kolom "{column}".',
    ro: 'Fișierul nu are coloana „{column}”.',
  },
  COLUMN_REQUIRED: {
    en: 'Choose the column that holds the e-mail addresses.',
    nl: 'Kies de kolom met de e-mailadressen.',
    ro: 'Alege coloana care conține adresele de e-mail.',
  },
  CSV_EMPTY: {
    en: 'The file has no lines to import.',
    nl: 'Het bestand heeft geen regels om te importeren.',
    ro: 'Fișierul nu are linii de importat.',
  },
  CSV_TOO_LONG: {
    en: 'Import at most {maximum} lines at a time.',
    nl: 'Importeer hoogstens {maximum} regels tegelijk.',
    ro: 'Importă cel mult {maximum} linii odată.',
  },
  // Portal export and import (decision 059)
  EXPORT_NOT_ZIP: {
    en: 'The file is not a zip archive.',
    nl: 'Het bestand is geen zip-archief.',
    ro: 'Fișierul nu este o arhivă zip.',
  },
  EXPORT_INVALID: {
    en: 'The file is not a portal export that can be imported: {reason}',
    nl: 'Het bestand is geen portaalexport die kan worden geïmporteerd: {reason}',
    ro: 'Fișierul nu este un export de portal care poate fi importat: {reason}',
  },
  EXPORT_UNSAFE_NAME: {
    en: 'The zip holds "{name}", which is no part of a portal export.',
    nl: 'Het zip-bestand bevat "{name}", dat geen deel is van een portaalexport.',
    ro: 'Arhiva conține „{name}”, care nu face parte dintr-un export de portal.',
  },
  EXPORT_TOO_LARGE: {
    en: 'The zip unpacks to more than this installation accepts.',
    nl: 'Het zip-bestand pakt uit tot meer dan deze installatie aanneemt.',
    ro: 'Arhiva se dezarhivează la mai mult decât acceptă această instalare.',
  },
  EXPORT_FORMAT: {
    en: 'This installation cannot read this export format.',
    nl: 'Deze installatie kan dit exportformaat niet lezen.',
    ro: 'Această instalare nu poate citi acest format de export.',
  },
  EXPORT_NEWER: {
    en: 'The export was made by a newer Leerpad; upgrade this installation first.',
    nl: 'De export is gemaakt door een nieuwere Leerpad; werk deze installatie eerst bij.',
    ro: 'Exportul a fost făcut de un Leerpad mai nou; actualizează mai întâi această instalare.',
  },
  EXPORT_DANGLING: {
    en: 'A row of the export points at a record that is not in it: {reason}',
    nl: 'Een rij van de export verwijst naar een record dat er niet in zit: {reason}',
    ro: 'Un rând al exportului indică o înregistrare care nu se află în el: {reason}',
  },
  EXPORT_INCOMPLETE: {
    en: 'The export is incomplete: {reason}',
    nl: 'De export is onvolledig: {reason}',
    ro: 'Exportul este incomplet: {reason}',
  },
  EXPORT_ROW_FAILED: {
    en: 'A row of the export could not be written; nothing was imported: {reason}',
    nl: 'Een rij van de export kon niet worden geschreven; er is niets geïmporteerd: {reason}',
    ro: 'Un rând al exportului nu a putut fi scris; nu s-a importat nimic: {reason}',
  },
  EXPORT_NOT_READY: {
    en: 'The export is not finished yet.',
    nl: 'De export is nog niet klaar.',
    ro: 'Exportul nu este încă gata.',
  },
  // Portal settings
  UNKNOWN_TEXT_KEY: {
    en: 'There is no text "{key}" to override.',
    nl: 'Er is geen tekst "{key}" om te vervangen.',
    ro: 'Nu există textul „{key}” de înlocuit.',
  },
  OVERRIDE_PLACEHOLDERS: {
    en: 'The text "{key}" must keep the placeholders of the original.',
    nl: 'De tekst "{key}" moet de plaatshouders van het origineel behouden.',
    ro: 'Textul „{key}” trebuie să păstreze substituenții originalului.',
  },
  PORTAL_CLOSED: {
    en: 'This academy is closed: signing in is not possible.',
    nl: 'Deze academie is gesloten: inloggen is niet mogelijk.',
    ro: 'Această academie este închisă: autentificarea nu este posibilă.',
  },
  DOMAIN_TAKEN: {
    en: 'Another portal already uses the address {domain}.',
    nl: 'Een ander portaal gebruikt het adres {domain} al.',
    ro: 'Un alt portal folosește deja adresa {domain}.',
  },
  INVALID_DOMAIN: {
    en: 'Enter a host name only, such as academy.example.com (no https://, path or port).',
    nl: 'Vul alleen een hostnaam in, zoals academie.voorbeeld.nl (zonder https://, pad of poort).',
    ro: 'Introduceți doar un nume de gazdă, de exemplu academie.exemplu.ro (fără https://, cale sau port).',
  },
  DUPLICATE_DOMAIN: {
    en: 'This address is listed twice.',
    nl: 'Dit adres staat er twee keer in.',
    ro: 'Această adresă apare de două ori.',
  },
  PRIMARY_DOMAIN: {
    en: 'The primary address cannot be removed; make another address primary first.',
    nl: 'Het hoofdadres kan niet worden verwijderd; maak eerst een ander adres het hoofdadres.',
    ro: 'Adresa principală nu poate fi ștearsă; faceți mai întâi altă adresă principală.',
  },
  DOMAIN_IN_USE: {
    en: 'You cannot remove the address you are using right now.',
    nl: 'Je kunt het adres dat je nu gebruikt niet verwijderen.',
    ro: 'Nu puteți șterge adresa pe care o folosiți acum.',
  },
  PRIMARY_LANGUAGE_NOT_CHOSEN: {
    en: 'The primary language must be one of the chosen languages.',
    nl: 'De hoofdtaal moet een van de gekozen talen zijn.',
    ro: 'Limba principală trebuie să fie una dintre limbile alese.',
  },
  PRIMARY_LANGUAGE: {
    en: 'The primary language cannot be disabled; make another language primary first.',
    nl: 'De hoofdtaal kan niet worden uitgeschakeld; maak eerst een andere taal de hoofdtaal.',
    ro: 'Limba principală nu poate fi dezactivată; faceți mai întâi altă limbă principală.',
  },
  RATING_LINK_UNKNOWN: {
    en: 'This feedback link is not valid. Check that you copied the whole link from the e-mail.',
    nl: 'Deze feedbacklink is niet geldig. Controleer of je de hele link uit de e-mail hebt gekopieerd.',
    ro: 'Acest link pentru feedback nu este valid. Verifică dacă ai copiat tot linkul din e-mail.',
  },
  RATING_LINK_USED: {
    en: 'Feedback was already given through this link. Thank you!',
    nl: 'Via deze link is al feedback gegeven. Bedankt!',
    ro: 'Prin acest link s-a oferit deja feedback. Mulțumim!',
  },
  RATING_LINK_EXPIRED: {
    en: 'This feedback link has expired. Ask the student for a new one.',
    nl: 'Deze feedbacklink is verlopen. Vraag de student om een nieuwe.',
    ro: 'Acest link pentru feedback a expirat. Cere-i studentului unul nou.',
  },
  HANDLE_TAKEN: {
    en: 'This handle is already taken. Choose another one.',
    nl: 'Deze naam is al in gebruik. Kies een andere.',
    ro: 'Acest nume este deja folosit. Alege altul.',
  },
  HANDLE_INVALID: {
    en: 'Use 3 to 40 lowercase letters, digits and hyphens.',
    nl: 'Gebruik 3 tot 40 kleine letters, cijfers en koppeltekens.',
    ro: 'Folosește între 3 și 40 de litere mici, cifre și cratime.',
  },
  AVATAR_NOT_IMAGE: {
    en: 'A profile photo must be a PNG, JPEG or WebP image.',
    nl: 'Een profielfoto moet een PNG-, JPEG- of WebP-afbeelding zijn.',
    ro: 'O fotografie de profil trebuie să fie o imagine PNG, JPEG sau WebP.',
  },
  AVATAR_TOO_LARGE: {
    en: 'A profile photo may be at most 2 MB.',
    nl: 'Een profielfoto mag hoogstens 2 MB groot zijn.',
    ro: 'O fotografie de profil poate avea cel mult 2 MB.',
  },
  // Portal branding (decision 058)
  THEME_CONTRAST: {
    en: 'The colour {colour} has contrast {ratio}:1 here; WCAG AA needs {required}:1.',
    nl: 'De kleur {colour} heeft hier een contrast van {ratio}:1; WCAG AA vraagt {required}:1.',
    ro: 'Culoarea {colour} are aici un contrast de {ratio}:1; WCAG AA cere {required}:1.',
  },
  'THEME_CONTRAST.text_on_primary': {
    en: 'Text on the primary colour {colour} (buttons, header) has contrast {ratio}:1; WCAG AA needs {required}:1.',
    nl: 'Tekst op de hoofdkleur {colour} (knoppen, kopbalk) heeft een contrast van {ratio}:1; WCAG AA vraagt {required}:1.',
    ro: 'Textul pe culoarea principală {colour} (butoane, antet) are un contrast de {ratio}:1; WCAG AA cere {required}:1.',
  },
  'THEME_CONTRAST.primary_on_white': {
    en: 'The primary colour {colour} as link text on white has contrast {ratio}:1; WCAG AA needs {required}:1.',
    nl: 'De hoofdkleur {colour} als linktekst op wit heeft een contrast van {ratio}:1; WCAG AA vraagt {required}:1.',
    ro: 'Culoarea principală {colour} ca text de legătură pe alb are un contrast de {ratio}:1; WCAG AA cere {required}:1.',
  },
  'THEME_CONTRAST.primary_on_page': {
    en: 'The primary colour {colour} as link text on the page background has contrast {ratio}:1; WCAG AA needs {required}:1.',
    nl: 'De hoofdkleur {colour} als linktekst op de paginaachtergrond heeft een contrast van {ratio}:1; WCAG AA vraagt {required}:1.',
    ro: 'Culoarea principală {colour} ca text de legătură pe fundalul paginii are un contrast de {ratio}:1; WCAG AA cere {required}:1.',
  },
  'THEME_CONTRAST.primary_on_soft': {
    en: 'The primary colour {colour} as text on its light tint (labels, icons) has contrast {ratio}:1; WCAG AA needs {required}:1.',
    nl: 'De hoofdkleur {colour} als tekst op haar lichte tint (labels, pictogrammen) heeft een contrast van {ratio}:1; WCAG AA vraagt {required}:1.',
    ro: 'Culoarea principală {colour} ca text pe nuanța ei deschisă (etichete, pictograme) are un contrast de {ratio}:1; WCAG AA cere {required}:1.',
  },
  BRANDING_IMAGE_TYPE: {
    en: 'Upload a PNG or SVG image (a favicon may also be ICO).',
    nl: 'Upload een PNG- of SVG-afbeelding (een favicon mag ook ICO zijn).',
    ro: 'Încarcă o imagine PNG sau SVG (un favicon poate fi și ICO).',
  },
  BRANDING_IMAGE_TOO_LARGE: {
    en: 'This image may be at most {max_bytes} bytes.',
    nl: 'Deze afbeelding mag hoogstens {max_bytes} bytes groot zijn.',
    ro: 'Această imagine poate avea cel mult {max_bytes} octeți.',
  },
  BRANDING_IMAGE_DIMENSIONS: {
    en: 'The image is {width}×{height} pixels; it may be at most {max_width}×{max_height} and at least {min_size}×{min_size}.',
    nl: 'De afbeelding is {width}×{height} pixels; ze mag hoogstens {max_width}×{max_height} en minstens {min_size}×{min_size} zijn.',
    ro: 'Imaginea are {width}×{height} pixeli; poate avea cel mult {max_width}×{max_height} și cel puțin {min_size}×{min_size}.',
  },
  BRANDING_SVG_EMPTY: {
    en: 'Nothing drawable is left in this SVG once scripts and external references are removed.',
    nl: 'Er blijft niets tekenbaars over in deze SVG zodra scripts en externe verwijzingen zijn verwijderd.',
    ro: 'Nu rămâne nimic de desenat în acest SVG după eliminarea scripturilor și a referințelor externe.',
  },
} as const satisfies Record<string, ErrorTexts>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * Codes that cover many different refusals. Their `detail` (which the server already writes in the
 * reader's language as well as it can) says more than the code's text, so readers keep it.
 */
export const GENERAL_ERROR_CODES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'CLIENT_ERROR',
  'FORBIDDEN',
  'NOT_FOUND',
  'INVALID_PARAMETER',
  'FEATURE_DISABLED',
]);
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, value);
}

/** What an error looks like to the renderer: its code, English detail and parameters. */
export interface RenderableError {
  code?: string | undefined;
  detail?: string | undefined;
  title?: string | undefined;
  meta?: Record<string, unknown> | undefined;
}

/**
 * What a reader of an API answer is shown: the code's text in their language, or the server's
 * own detail for a general code or one this version does not know.
 */
export function readerErrorText(error: RenderableError, locale: Locale): string | null {
  if (error.detail && error.code && GENERAL_ERROR_CODES.has(error.code)) return error.detail;
  return errorText(error, locale);
}

/** The registry entry of an error: `CODE.rule` where `meta.rule` names a known variant, else `CODE`. */
export function errorKey(error: RenderableError): ErrorCode | null {
  const rule = error.meta?.rule;
  const variant = typeof rule === 'string' ? `${error.code}.${rule}` : null;
  if (variant && isErrorCode(variant)) return variant;
  return isErrorCode(error.code) ? error.code : null;
}

/**
 * The text of an API error in a language: the code's text with `meta` filled in; an unknown code
 * keeps its `detail`. A known code is always worded for the reader, English included: the server
 * writes `detail` in the account's language, which need not be the one on screen.
 */
export function errorText(error: RenderableError, locale: Locale): string | null {
  const fallback = error.detail ?? error.title ?? null;
  const key = errorKey(error);
  if (!key) return fallback;
  const texts: ErrorTexts = ERROR_MESSAGES[key];
  const text = texts[locale] ?? texts[DEFAULT_LANGUAGE];
  const params = (error.meta ?? {}) as MessageParams;
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    params[name] !== undefined ? String(params[name]) : whole,
  );
}
