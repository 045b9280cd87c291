// Sample members of the demo community. Nobody can sign in as them: the seed stores no password hash.

export type SeedMember = {
  handle: string;
  name: string;
  roleLine: string;
  bio: string;
  /** When the account was created, in days before the seed runs. */
  joinedDaysAgo: number;
  /** Last time the member was seen, in days before the seed runs. */
  lastSeenDaysAgo: number;
  /**
   * Reputation earned before the demo's questions (a veteran of a two-year-old community), one ledger event. It
   * makes the demo an established site: its veterans hold the privileges a young site leaves open (creating tags).
   */
  pastReputation?: number;
};

export const MEMBERS: SeedMember[] = [
  {
    handle: "anabeatriz",
    name: "Ana Beatriz Souza",
    roleLine: "Desenvolvedora Front-end",
    bio: "Front-end em São Paulo, apaixonada por interfaces acessíveis e CSS bem organizado. Nas horas vagas, ensino HTML para quem está começando.",
    joinedDaysAgo: 712,
    lastSeenDaysAgo: 0,
    pastReputation: 1200,
  },
  {
    handle: "rafanogueira",
    name: "Rafael Nogueira",
    roleLine: "Engenheiro de Software Back-end",
    bio: "Trabalho com Node.js e PostgreSQL há oito anos. Gosto de consultas rápidas, filas bem comportadas e logs que contam uma história.",
    joinedDaysAgo: 655,
    lastSeenDaysAgo: 1,
    pastReputation: 640,
  },
  {
    handle: "jumartins",
    name: "Juliana Martins",
    roleLine: "Designer de Produto",
    bio: "Designer de produto em Recife. Escrevo sobre pesquisa com usuários, sistemas de design e como conversar melhor com o time de desenvolvimento.",
    joinedDaysAgo: 590,
    lastSeenDaysAgo: 2,
  },
  {
    handle: "thiagof",
    name: "Thiago Ferreira",
    roleLine: "Desenvolvedor Full Stack",
    bio: "React no front, Node no back e café o dia inteiro. Corintiano sofredor e mantenedor de alguns projetos de código aberto.",
    joinedDaysAgo: 515,
    lastSeenDaysAgo: 0,
  },
  {
    handle: "camilarocha",
    name: "Camila Rocha",
    roleLine: "Cientista de Dados",
    bio: "Python, pandas e muita curiosidade. Transformo planilhas bagunçadas em painéis que as pessoas realmente usam.",
    joinedDaysAgo: 446,
    lastSeenDaysAgo: 3,
  },
  {
    handle: "lucasandrade",
    name: "Lucas Andrade",
    roleLine: "Engenheiro DevOps",
    bio: "Automatizo o que dá para automatizar. Docker, CI/CD e observabilidade são meu pão de cada dia em Belo Horizonte.",
    joinedDaysAgo: 371,
    lastSeenDaysAgo: 1,
  },
  {
    handle: "marilopes",
    name: "Mariana Lopes",
    roleLine: "Desenvolvedora Mobile",
    bio: "Desenvolvo apps com Flutter e Kotlin. Acredito que todo app deveria funcionar bem no celular mais simples da loja.",
    joinedDaysAgo: 298,
    lastSeenDaysAgo: 5,
  },
  {
    handle: "pedroalves",
    name: "Pedro Henrique Alves",
    roleLine: "Estudante de Ciência da Computação",
    bio: "Estudante na UFRGS, procurando o primeiro estágio. Faço muitas perguntas e tento responder outras tantas.",
    joinedDaysAgo: 214,
    lastSeenDaysAgo: 0,
  },
  {
    handle: "fecosta",
    name: "Fernanda Costa",
    roleLine: "Tech Lead",
    bio: "Lidero um time de produto em Curitiba. Escrevo sobre carreira, revisão de código e como manter o time saudável em semanas de entrega.",
    joinedDaysAgo: 143,
    lastSeenDaysAgo: 2,
  },
  {
    handle: "brunocarvalho",
    name: "Bruno Carvalho",
    roleLine: "Desenvolvedor Java Sênior",
    bio: "Java desde a versão 6, Spring Boot desde sempre. Hoje me divido entre microsserviços e mentoria de devs júnior.",
    joinedDaysAgo: 78,
    lastSeenDaysAgo: 4,
  },
];

/** Who follows whom: [follower, followee]. */
export const FOLLOWS: [string, string][] = [
  ["pedroalves", "anabeatriz"],
  ["pedroalves", "rafanogueira"],
  ["pedroalves", "fecosta"],
  ["pedroalves", "camilarocha"],
  ["anabeatriz", "jumartins"],
  ["anabeatriz", "thiagof"],
  ["jumartins", "anabeatriz"],
  ["thiagof", "rafanogueira"],
  ["thiagof", "anabeatriz"],
  ["rafanogueira", "lucasandrade"],
  ["lucasandrade", "rafanogueira"],
  ["camilarocha", "fecosta"],
  ["marilopes", "jumartins"],
  ["marilopes", "anabeatriz"],
  ["fecosta", "brunocarvalho"],
  ["brunocarvalho", "fecosta"],
  ["brunocarvalho", "rafanogueira"],
];

/** Tags members follow ("Minhas Tags seguidas"), by tag name. */
export const TAG_FOLLOWS: [string, string][] = [
  ["anabeatriz", "css"],
  ["anabeatriz", "react"],
  ["anabeatriz", "acessibilidade"],
  ["rafanogueira", "postgresql"],
  ["rafanogueira", "node.js"],
  ["jumartins", "Figma"],
  ["jumartins", "Design"],
  ["thiagof", "react"],
  ["thiagof", "Corinthians"],
  ["camilarocha", "python"],
  ["camilarocha", "Ciência de Dados"],
  ["lucasandrade", "docker"],
  ["lucasandrade", "linux"],
  ["marilopes", "flutter"],
  ["pedroalves", "javascript"],
  ["pedroalves", "Dicas"],
  ["fecosta", "carreira"],
  ["brunocarvalho", "java"],
];
