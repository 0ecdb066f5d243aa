"""An S3 store for HeraldDeployTests: moto's server on 127.0.0.1, with its IAM checks on, so a
request signed with the wrong key fails as on AWS. Prints "PORT n", the access key and the
secret of the one user it makes (allowed everything on S3), then serves; every request's method
and path is appended to the log file named by the first argument. A request whose method and
path are a line of LOG.throttle is answered once with 503 SlowDown, as S3 does under load, and
the line removed."""
import os
import sys
import threading

# Moto reads it when imported: the four set-up calls below go through unchecked, then every
# request must be signed by a key IAM knows.
os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = "4"

import boto3  # noqa: E402
from moto.server import DomainDispatcherApplication, create_backend_app  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

log_path, bucket = sys.argv[1], sys.argv[2]
application = DomainDispatcherApplication(create_backend_app)
lock = threading.Lock()


def throttled(request):
    """Whether `request` is to be refused once; the line naming it is removed."""
    try:
        with open(log_path + ".throttle") as listed:
            lines = listed.read().splitlines()
    except FileNotFoundError:
        return False
    if request not in lines:
        return False
    lines.remove(request)
    with open(log_path + ".throttle", "w") as listed:
        listed.write("".join(line + "\n" for line in lines))
    return True


def logged(environ, start_response):
    request = f"{environ['REQUEST_METHOD']} {environ.get('PATH_INFO', '')}"
    with lock:
        with open(log_path, "a") as log:
            log.write(request + "\n")
        refused = throttled(request)
    if refused:
        body = b"<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>"
        start_response("503 Slow Down", [("Content-Type", "application/xml"), ("Content-Length", str(len(body)))])
        return [body]
    return application(environ, start_response)


server = make_server("127.0.0.1", 0, logged, threaded=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
endpoint = f"http://127.0.0.1:{server.server_port}"
setup = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="setup", aws_secret_access_key="setup")
iam = boto3.client("iam", **setup)
iam.create_user(UserName="deployer")
key = iam.create_access_key(UserName="deployer")["AccessKey"]
iam.put_user_policy(UserName="deployer", PolicyName="s3", PolicyDocument='{"Version": "2012-10-17", "Statement": '
                    '[{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}')
boto3.client("s3", **setup).create_bucket(Bucket=bucket)
with open(log_path, "w"):
    pass
print(f"PORT {server.server_port}\n{key['AccessKeyId']}\n{key['SecretAccessKey']}", flush=True)
threading.Event().wait()
