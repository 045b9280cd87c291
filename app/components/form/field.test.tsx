import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, FieldError, fieldAria, FormError, FormStatus, Hint, Label } from "./field.tsx";

describe("form kit", () => {
  it("ties the label, the hint and the error to the control", () => {
    const aria = fieldAria({
      error: "Informe o título.",
      errorId: "titulo-erro",
      describedBy: "titulo-dica",
    });
    const html = renderToStaticMarkup(
      <Field>
        <Label htmlFor="titulo">Título</Label>
        <input id="titulo" name="titulo" {...aria} className="field-input" />
        <Hint id="titulo-dica">Seja específico.</Hint>
        <FieldError id="titulo-erro" errors={["Informe o título.", "Outro erro"]} />
      </Field>,
    );
    expect(html).toBe(
      '<div><label for="titulo" class="field-label">Título</label>' +
        '<input id="titulo" aria-invalid="true" aria-describedby="titulo-dica titulo-erro" class="field-input" name="titulo"/>' +
        '<p id="titulo-dica" class="mt-1 text-xs text-slate-600">Seja específico.</p>' +
        '<p id="titulo-erro" class="field-error">Informe o título.</p></div>',
    );
  });

  it("leaves a valid field undescribed by the error and renders no error paragraph", () => {
    expect(fieldAria({ errorId: "e" })).toEqual({ "aria-invalid": undefined, "aria-describedby": undefined });
    expect(fieldAria({ errorId: "e", describedBy: "h" })).toEqual({
      "aria-invalid": undefined,
      "aria-describedby": "h",
    });
    expect(renderToStaticMarkup(<FieldError id="e" errors={undefined} />)).toBe("");
    expect(renderToStaticMarkup(<FieldError id="e" errors={[]} />)).toBe("");
    expect(renderToStaticMarkup(<FieldError id="e" errors="" />)).toBe("");
  });

  it("announces an error given as a string when asked, with its own class", () => {
    expect(
      renderToStaticMarkup(<FieldError id="c-erro" errors="Escreva um comentário." alert className="x" />),
    ).toBe('<p id="c-erro" role="alert" class="x">Escreva um comentário.</p>');
  });

  it("keeps the form's alert and status regions in the page, empty until they have something", () => {
    expect(renderToStaticMarkup(<FormError id="f-erro" errors={undefined} />)).toBe(
      '<div id="f-erro" role="alert" class=""></div>',
    );
    expect(renderToStaticMarkup(<FormError id="f-erro" errors={["Email ou senha inválidos."]} />)).toBe(
      '<div id="f-erro" role="alert" class="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">Email ou senha inválidos.</div>',
    );
    expect(renderToStaticMarkup(<FormStatus />)).toBe('<p role="status" class=""></p>');
    expect(renderToStaticMarkup(<FormStatus message="Perfil atualizado." />)).toBe(
      '<p role="status" class="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">Perfil atualizado.</p>',
    );
    expect(renderToStaticMarkup(<FormStatus className="text-sm text-green-200" />)).toBe(
      '<p role="status" class="text-sm text-green-200"></p>',
    );
  });
});
