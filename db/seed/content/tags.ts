// Tags of the demo community: the spec's ten predefined suggestions, the five recommended topics and a
// tail of common technology tags.

export type SeedTag = { name: string; description: string };

/** The tag selector's ten suggestions (spec §3), in order: suggested_rank 1..10. */
export const PREDEFINED_TAGS: SeedTag[] = [
  {
    name: "Formatação",
    description: "Como deixar textos, códigos e documentos bem apresentados e fáceis de ler.",
  },
  { name: "Medium", description: "Escrita técnica e publicação de artigos em plataformas de blog." },
  {
    name: "Dicas",
    description: "Atalhos, truques e boas práticas rápidas para o dia a dia de quem programa.",
  },
  {
    name: "Conteúdo DIgital",
    description: "Produção de conteúdo digital: vídeos, newsletters, posts e comunidades.",
  },
  { name: "Experiência", description: "Relatos de experiência profissional, projetos e lições aprendidas." },
  { name: "Web", description: "Tudo sobre a plataforma web: navegadores, protocolos, padrões e desempenho." },
  { name: "Figma", description: "Prototipação, componentes e handoff de design usando o Figma." },
  { name: "Corinthians", description: "Papo de arquibancada entre um deploy e outro. Vai, Corinthians!" },
  { name: "Libertadores", description: "A Copa Libertadores da América comentada pela comunidade." },
  { name: "CDB", description: "Certificados de Depósito Bancário e finanças pessoais para devs." },
];

/** The side columns' recommended topics, in order: recommended_rank 1..5. */
export const RECOMMENDED_TOPICS: SeedTag[] = [
  { name: "Design", description: "Design de interfaces, sistemas de design, tipografia e cores." },
  { name: "Programação", description: "Lógica, linguagens, algoritmos e a arte de escrever código." },
  { name: "Arte", description: "Ilustração, arte generativa e criatividade com tecnologia." },
  {
    name: "Ciência de Dados",
    description: "Análise de dados, estatística, visualização e aprendizado de máquina.",
  },
  { name: "Tecnologia", description: "Notícias, tendências e discussões sobre o mundo da tecnologia." },
];

export const COMMON_TAGS: SeedTag[] = [
  { name: "javascript", description: "A linguagem da web, do navegador ao servidor." },
  { name: "typescript", description: "JavaScript com tipos estáticos, do compilador às boas práticas." },
  { name: "react", description: "Biblioteca para construir interfaces com componentes e hooks." },
  { name: "node.js", description: "JavaScript no servidor: APIs, scripts, streams e pacotes do npm." },
  { name: "python", description: "Linguagem versátil para automação, web, dados e aprendizado de máquina." },
  { name: "sql", description: "Consultas, junções, índices e modelagem em bancos relacionais." },
  { name: "postgresql", description: "O banco de dados relacional de código aberto e seus recursos." },
  { name: "css", description: "Estilos, layouts com flexbox e grid, animações e responsividade." },
  { name: "html", description: "Marcação semântica, formulários e a estrutura das páginas." },
  { name: "docker", description: "Contêineres, imagens, Compose e ambientes reproduzíveis." },
  { name: "git", description: "Controle de versão: branches, merge, rebase e fluxos de trabalho." },
  { name: "java", description: "Linguagem da JVM, orientação a objetos e ecossistema corporativo." },
  { name: "spring-boot", description: "Aplicações Java prontas para produção com Spring Boot." },
  { name: "kotlin", description: "Linguagem moderna da JVM, muito usada no Android." },
  { name: "flutter", description: "Aplicativos multiplataforma com Flutter e Dart." },
  { name: "acessibilidade", description: "Produtos digitais que todas as pessoas conseguem usar." },
  { name: "ux", description: "Experiência do usuário: pesquisa, fluxos, testes de usabilidade." },
  { name: "linux", description: "Terminal, shell, permissões e administração de servidores Linux." },
  { name: "api-rest", description: "Projeto de APIs HTTP: recursos, status, versionamento e documentação." },
  { name: "carreira", description: "Entrevistas, promoções, estudos e a vida profissional em tecnologia." },
  { name: "pandas", description: "Manipulação e análise de dados tabulares em Python." },
  { name: "testes", description: "Testes unitários, de integração e ponta a ponta." },
];
