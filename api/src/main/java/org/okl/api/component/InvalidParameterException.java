package org.okl.api.component;

import org.okl.api.API;
import org.okl.api.text.UserText;

/**
 * A parameter value a component cannot accept: out of range, of the wrong type, inconsistent with another parameter,
 * or a matrix that is not positive semi-definite. The message names the component and the parameter; control
 * characters in them are escaped ({@link UserText}).
 */
@API(status = API.Status.STABLE, since = "0.1")
public class InvalidParameterException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String component;
    private final String parameter;

    /**
     * @param component the component id, for example {@code gaussian}
     * @param parameter the parameter name, for example {@code sigma}
     * @param problem   what is wrong and, where possible, what would be right
     */
    public InvalidParameterException(String component, String parameter, String problem) {
        super(UserText.escape(component) + ": parameter '" + UserText.escape(parameter) + "' "
                + UserText.escape(problem));
        this.component = component;
        this.parameter = parameter;
    }

    /** The component id. */
    public String component() {
        return component;
    }

    /** The parameter name. */
    public String parameter() {
        return parameter;
    }
}
