// The passwords people pick first, refused at sign-up, reset and password change. Written for this site, in
// the spirit of the public "most common passwords" lists: words (Portuguese first), names, teams and
// keyboard walks, each also with the endings people add ("senha123", "Flamengo2024!", "p@ssw0rd"), plus runs
// and repeats of one piece ("12345678", "aaaaaaaa", "abcabcabc"). Generated from a few hundred roots, so it
// covers thousands of passwords and stays small in the auth forms' bundle. Safe in the browser.

/** Roots, lower case and without accents; a password is refused when it is one of them plus a common ending. */
const WORDS = `
senha senhas minhasenha novasenha suasenha senhasenha senhaforte segredo secreto segredos acesso acessar
entrar login logar usuario usuaria admin administrador administradora root master mestre sistema suporte
teste testes testando brasil brasileiro brasileira saopaulo riodejaneiro bahia minas recife fortaleza
flamengo mengao corinthians timao palmeiras verdao santos saopaulofc gremio internacional inter vasco
vascodagama cruzeiro atletico galo botafogo fluminense bahiafc sport coritiba
jesus jesuscristo deus deusefiel deuseamor deusefiel senhor meudeus gloria aleluia biblia igreja fe
amor amores meuamor teamo teamomuito amorzinho amormeu paixao querida querido princesa principe
familia felicidade feliz saudade esperanca vitoria sucesso dinheiro liberdade
mae pai mamae papai filho filha filhos irmao irma vovo
futebol bola camisa praia cerveja chocolate morango banana abacaxi laranja cafe
gatinho gatinha cachorro cachorra bichinho
computador internet celular notebook programador desenvolvedor codigo
domingo segunda sabado janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro
dezembro
maria joao jose ana antonio francisco carlos paulo pedro lucas luiz luis marcos gabriel rafael daniel
marcelo bruno eduardo felipe rodrigo gustavo fernando fernanda juliana patricia aline camila amanda
bruna jessica leticia mariana beatriz larissa vanessa adriana gabriela rafaela carolina julia giovanna
matheus guilherme leonardo thiago tiago vinicius diego ricardo alexandre andre sergio roberto
password passw0rd passwd pass senha1 letmein welcome welcome1 hello hellothere iloveyou loveyou lovely
love lover trustno1 whatever nothing anything something secret private default changeme
qwerty qwertyuiop qwerty123 asdfgh asdfghjkl zxcvbn zxcvbnm azerty qazwsx qweasd qweasdzxc
abc abcd abcde abcdef abcdefg abcdefgh abcdefghi abcdefghij
dragon monkey master football baseball soccer basketball hockey batman superman spiderman starwars
pokemon pikachu naruto minecraft fortnite roblox michael jennifer jordan michelle daniel charlie
jessica ashley amanda sunshine shadow princess freedom flower summer winter cookie chocolate
computer internet mustang ferrari porsche corvette harley yamaha
killer hunter ranger tigger tiger lion eagle thunder matrix access admin1 administrator
google facebook instagram youtube twitter whatsapp microsoft windows linux ubuntu apple samsung
iphone android nokia motorola
`;

/** Sequences a password may be a piece of (forwards or backwards). */
const RUNS = [
  "01234567890123456789",
  "abcdefghijklmnopqrstuvwxyz",
  "qwertyuiopasdfghjklzxcvbnm",
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "1qaz2wsx3edc4rfv5tgb6yhn",
  "qazwsxedcrfvtgbyhnujm",
  "1q2w3e4r5t6y7u8i9o0p",
  "q1w2e3r4t5y6u7i8o9p0",
  "a1b2c3d4e5f6g7h8",
  "zaq12wsxcde34rfv",
  "147258369",
  "159357",
  "741852963",
  "789456123",
  "123qwe",
  "123abc",
];

/** Whole passwords that none of the rules below catch. */
const LITERALS = `
11223344 112233445566 10203040 01020304 010203 102030 12341234 12121212 21212121 13131313 123321
1234554321 123454321 12344321 11111111 00000000 99999999 88888888 77777777 69696969 131313
20102010 19871987 01012000 01011990 01011980 25122000 07071977
iloveyou1 iloveyou123 teamo123 teamo1234 ilove123 sou123456 senha1234 mudar123 mudarsenha trocar123
abc12345 abc123456 abcd1234 abcde12345 qwe12345 qwer1234 qwert12345 asd12345 asdf1234 zxc12345
aa123456 a1234567 a12345678 a123456789 q1234567 q12345678 1a2b3c4d 1234abcd 12345abc 123456abc
12345qwe 12345qwert 1234qwer 123qweasd 123qweasdzxc
`;

const LEET: Record<string, string> = {
  "4": "a",
  "@": "a",
  "3": "e",
  "1": "i",
  "!": "i",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
};

const split = (list: string) => list.split(/\s+/).filter(Boolean);
const WORD_SET = new Set(split(WORDS));
const LITERAL_SET = new Set(split(LITERALS));

/** The password as people think of it: lower case, no accents, no spaces. */
function normalise(password: string): string {
  return password.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, "");
}

/** A run of the keyboard or the alphabet (at least 6 long), forwards or backwards. */
function isRun(value: string): boolean {
  if (value.length < 6) return false;
  const backwards = [...value].reverse().join("");
  return RUNS.some((run) => run.includes(value) || run.includes(backwards));
}

/** One piece of up to five characters said again and again ("aaaaaaaa", "abcabcabc", "senhasenha"). */
const isRepeat = (value: string) => /^(.{1,5})\1+$/u.test(value);

/** A short number, a year, or a run or repeat of digits: what people put after a word. */
const isCommonNumber = (digits: string) => digits.length <= 4 || isRun(digits) || isRepeat(digits);

/** The root of a word with its ending taken off: "Senha@123!" → "senha", "flamengo2024" → "flamengo". */
function rootOf(value: string): string {
  let rest = value.replace(/[^\p{L}\p{N}]+$/u, "");
  const digits = /\d+$/.exec(rest)?.[0];
  if (digits && digits.length < rest.length && isCommonNumber(digits)) rest = rest.slice(0, -digits.length);
  rest = rest.replace(/[^\p{L}\p{N}]+$/u, "");
  // A number in front too ("123senha").
  const leading = /^\d+/.exec(rest)?.[0];
  if (leading && leading.length < rest.length && isCommonNumber(leading)) rest = rest.slice(leading.length);
  return rest;
}

const unLeet = (value: string) => [...value].map((c) => LEET[c] ?? c).join("");

/** Whether the password is one of the most common (it would be among the first ones an attacker tries). */
export function isCommonPassword(password: string): boolean {
  const value = normalise(password);
  if (LITERAL_SET.has(value) || isRun(value) || isRepeat(value)) return true;
  const root = rootOf(value);
  for (const candidate of new Set([root, unLeet(root), rootOf(unLeet(value))])) {
    if (WORD_SET.has(candidate)) return true;
    // A root said twice with an ending ("adminadmin1", "amoramor2024").
    if (isRepeat(candidate)) return true;
  }
  return /^\d+$/.test(value) && isCommonNumber(value);
}
