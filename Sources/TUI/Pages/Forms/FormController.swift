import ChatCore
import ViewModels

/// A form page — log in, sign up, or the nickname a chat asks for — with the text typed in each
/// field and which field has the keys. Made for one form model: a new model starts empty.
@MainActor
final class FormController: PageController {
    enum Form {
        case logIn(LogInFormModel)
        case signUp(SignUpFormModel)
        case nickname(NicknamePromptModel)

        var model: AnyObject {
            switch self {
            case .logIn(let model): return model
            case .signUp(let model): return model
            case .nickname(let model): return model
            }
        }
    }

    let form: Form
    private let strings: UIStrings
    private let text: OutsideText
    private let back: @MainActor () async -> Void
    private var fields: FormFields

    init(_ form: Form, strings: UIStrings, text: OutsideText, back: @escaping @MainActor () async -> Void) {
        self.form = form
        self.strings = strings
        self.text = text
        self.back = back
        switch form {
        case .logIn: fields = FormFields(count: 2)
        case .signUp: fields = FormFields(count: 4)
        case .nickname: fields = FormFields(count: 1)
        }
    }

    /// The model the form fills in.
    var model: AnyObject { form.model }

    var keyContext: KeyContext { .typing }

    /// Tab/↑/↓ move between fields, Enter submits, Esc goes back, other keys edit the field; a
    /// form takes every key.
    func handle(_ intent: Intent) async -> Bool {
        switch intent {
        case .nextPane, .edit(.down): fields.next()
        case .previousPane, .edit(.up): fields.previous()
        case .edit(let key): _ = fields.edit(key)
        case .submit: await submit()
        case .leave: await back()
        default: break
        }
        return true
    }

    /// Hands the fields to the model (the password field is emptied first) and submits.
    private func submit() async {
        switch form {
        case .logIn(let model):
            model.identifier = fields[0]
            model.password = fields[1]
            fields.clear(1)
            await model.submit()
        case .signUp(let model):
            model.identifier = fields[0]
            model.password = fields[1]
            model.nickname = fields[2]
            model.region = fields[3]
            fields.clear(1)
            await model.submit()
        case .nickname(let model):
            model.nickname = fields[0]
            await model.submit()
        }
    }

    func draw(into canvas: inout Canvas, in region: Region) -> FrameReport {
        FrameReport(cursor: pane.draw(on: &canvas, in: region))
    }

    private var pane: FormPane {
        let shared = strings.shared
        switch form {
        case .logIn(let model):
            let fields = [identifierField(model.naming), FormPane.Field(label: shared.password, editor: self.fields.editors[1], masked: true)]
            return FormPane(title: shared.logIn, fields: fields, focused: self.fields.focused, error: model.error, hint: strings.formHint, text: text)
        case .signUp(let model):
            let labels = [shared.password, shared.nicknameOptional, shared.regionOptional]
            let fields = [identifierField(model.naming)] + labels.enumerated().map { index, label in
                FormPane.Field(label: label, editor: self.fields.editors[index + 1], masked: index == 0)
            }
            return FormPane(title: shared.signUp, fields: fields, focused: self.fields.focused, error: model.error, hint: strings.formHint, text: text)
        case .nickname(let model):
            let fields = [FormPane.Field(label: shared.nickname, editor: self.fields.editors[0])]
            return FormPane(title: model.title, message: shared.setNicknameFirst, fields: fields, focused: 0,
                            error: model.error, hint: strings.nicknameHint, text: text)
        }
    }

    /// The account's first field: "Email", or on Matrix "Username" with the forms it takes.
    private func identifierField(_ naming: AccountNaming) -> FormPane.Field {
        let shared = strings.shared
        return FormPane.Field(label: shared.identifier(naming), editor: fields.editors[0], note: naming == .userName ? shared.userNameHint : nil)
    }
}
